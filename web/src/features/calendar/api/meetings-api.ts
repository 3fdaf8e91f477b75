import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CreateMeetingInput,
  createdMeetingSchema,
  meetingSchema,
  recordingImportSchema,
} from "@verbatim/shared/google";
import type { Preferences } from "@verbatim/shared/preferences";
import { z } from "zod";
import { speakerFields } from "@/entities/transcription/speaker-choice";
import { PREFERENCES_QUERY_KEY } from "@/entities/user/preferences";
import { useCurrentSpace } from "@/entities/workspace/current-space";
import { ApiError, api, read, withJsonBody } from "@/lib/api";
import { translate } from "@/lib/i18n";

/** The calendar asks for at most 50 meetings per range. */
const MAX_RESULTS = 50;

export const meetingsKey = (timeMin: string, timeMax: string) => ["/api/meetings", { timeMin, timeMax }] as const;

/** GET /api/meetings for a range; only when signed in and connected to Google. */
export function useMeetings(range: { start: Date; end: Date }, enabled: boolean) {
  const timeMin = range.start.toISOString();
  const timeMax = range.end.toISOString();
  return useQuery({
    queryKey: meetingsKey(timeMin, timeMax),
    queryFn: () =>
      read(api.meetings.$get({ query: { timeMin, timeMax, maxResults: String(MAX_RESULTS) } }), z.array(meetingSchema)),
    enabled,
    // Meetings change in Google Calendar itself; moving between ranges and back shows the last copy at once
    // and re-reads it.
    staleTime: 0,
  });
}

export function useCreateMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMeetingInput) => read(api.meetings.$post({ json: input }), createdMeetingSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/meetings"] }),
  });
}

/**
 * Transcribes a meeting's Meet recording. When Google has not yet granted read access to it, the server
 * answers `authorizeUrl`: the browser goes there (a full-page redirect) and comes back to
 * /calendar?transcribe=<id>, which asks again. The transcription goes into the current space (the switcher's).
 */
export function useTranscribeRecording() {
  const queryClient = useQueryClient();
  const { space } = useCurrentSpace();
  return useMutation({
    mutationFn: async (eventId: string): Promise<{ transcriptionId: string } | { authorizeUrl: string }> => {
      // Speaker recognition as set in Settings (the import has no upload screen to choose it on).
      const general = queryClient.getQueryData<Preferences>(PREFERENCES_QUERY_KEY)?.general;
      const speakers = speakerFields({
        diarize: general?.speakerRecognition ?? false,
        numSpeakers: general?.speakerCount ?? null,
      });
      const result = await read(
        api.meetings[":eventId"].recording.$post(
          { param: { eventId }, query: { space: space ?? undefined } },
          withJsonBody(speakers),
        ),
        recordingImportSchema,
      );
      // Only ever a same-origin path into the server's Google flow.
      if ("authorizeUrl" in result && !result.authorizeUrl.startsWith("/api/auth/google?"))
        throw new Error(translate("calendar.unexpectedAnswer"));
      return result;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/meetings"] }),
  });
}

/** The meetings API answers failures as JSON `{error}`; other endpoints use `{message}`. */
export function meetingsError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.message.slice(error.message.indexOf(": ") + 2);
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object") {
      const { error: text, message } = parsed as { error?: unknown; message?: unknown };
      if (typeof text === "string") return text;
      if (typeof message === "string") return message;
    }
  } catch {
    // Not JSON: nothing the user should read.
  }
  return null;
}
