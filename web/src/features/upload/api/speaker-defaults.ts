import { useQueryClient } from "@tanstack/react-query";
import { type Preferences, preferencesSchema } from "@verbatim/shared/preferences";
import { useCallback } from "react";
import type { SpeakerChoice } from "@/entities/transcription/speaker-choice";
import { PREFERENCES_QUERY_KEY } from "@/entities/user/preferences";
import { api, read } from "@/lib/api";

/**
 * Remembers the speaker recognition choice of an upload as the Settings default (general.speakerRecognition /
 * speakerCount), so the next upload starts from it. Only a change is saved, and a failure costs the user
 * nothing but the default: the upload itself already carries the choice.
 */
export function useRememberSpeakerChoice() {
  const queryClient = useQueryClient();
  return useCallback(
    (choice: SpeakerChoice) => {
      const saved = queryClient.getQueryData<Preferences>(PREFERENCES_QUERY_KEY)?.general;
      const speakerCount = choice.diarize ? choice.numSpeakers : (saved?.speakerCount ?? null);
      if (saved && saved.speakerRecognition === choice.diarize && saved.speakerCount === speakerCount) return;
      void read(
        api.user.preferences.$put({ json: { general: { speakerRecognition: choice.diarize, speakerCount } } }),
        preferencesSchema,
      )
        .then((next) => queryClient.setQueryData(PREFERENCES_QUERY_KEY, next))
        .catch((error) => console.warn("Could not remember the speaker recognition choice", error));
    },
    [queryClient],
  );
}
