import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { heardVoicesSchema, type RememberVoice, voiceListSchema, voiceProfileSchema } from "@verbatim/shared/voices";
import type { SpaceId } from "@/entities/workspace/current-space";
import { api, read, send } from "@/lib/api";

// Voices remembered across recordings (docs/architecture/transcripts.md#voices-remembered-across-recordings): the
// speakers panel remembers a named speaker's voice, Settings › Voices lists, renames and forgets them.

const VOICES_KEY = ["/api/voices"] as const;
const heardKey = (transcriptionId: string) => [...VOICES_KEY, "heard", transcriptionId] as const;

/** The voices remembered in a space: the user's own (null), or a team's, which its members share. */
export function useVoices(space: SpaceId) {
  return useQuery({
    queryKey: [...VOICES_KEY, space ?? "personal"],
    queryFn: () => read(api.voices.$get({ query: space ? { space } : {} }), voiceListSchema),
  });
}

/** The transcription's speakers whose voice was kept, each with the remembered voice it matches. */
export function useHeardVoices(transcriptionId: string, enabled: boolean) {
  return useQuery({
    queryKey: heardKey(transcriptionId),
    queryFn: () => read(api.voices.heard[":transcriptionId"].$get({ param: { transcriptionId } }), heardVoicesSchema),
    enabled,
  });
}

/** Every list of voices and every speaker's match may change with a remembered, renamed or forgotten voice. */
function useVoicesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: VOICES_KEY });
}

export function useRememberVoice() {
  const changed = useVoicesChanged();
  return useMutation({
    mutationFn: (body: RememberVoice) => read(api.voices.$post({ json: body }), voiceProfileSchema),
    onSuccess: changed,
  });
}

export function useRenameVoice() {
  const changed = useVoicesChanged();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      read(api.voices[":id"].$patch({ param: { id }, json: { name } }), voiceProfileSchema),
    onSuccess: changed,
  });
}

export function useForgetVoice() {
  const changed = useVoicesChanged();
  return useMutation({
    mutationFn: (id: string) => send(api.voices[":id"].$delete({ param: { id } })),
    onSuccess: changed,
  });
}
