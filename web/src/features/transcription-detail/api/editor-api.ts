import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type TranscriptDoc, transcriptDocSchema } from "@verbatim/shared/transcript";
import {
  type TranscriptSave,
  transcriptVersionsSchema,
  VERSION_CONFLICT,
  versionConflictSchema,
} from "@verbatim/shared/transcript-edit";
import { transcriptionSchema } from "@verbatim/shared/transcription";
import { transcriptionKey } from "@/entities/transcription/transcriptions-api";
import { type Answer, ApiError, api, read } from "@/lib/api";

/** A save or restore refused because the transcript changed since the editor loaded it (409). */
export class VersionConflictError extends Error {
  constructor(readonly currentVersion: number) {
    // i18n-ignore: the screen shows VersionConflictDialog instead of this message.
    super(`The transcript was changed elsewhere (now version ${currentVersion})`);
    this.name = "VersionConflictError";
  }
}

/** Reads a TranscriptDoc answer; a 409 VersionConflict becomes VersionConflictError, so the UI can offer a reload. */
async function readDoc(call: Promise<Answer>): Promise<TranscriptDoc> {
  const response = await call;
  if (response.status === 409) {
    const text = await response.text().catch(() => "");
    const body = versionConflictSchema.safeParse(parseJson(text));
    if (body.success && body.data.code === VERSION_CONFLICT) throw new VersionConflictError(body.data.currentVersion);
    throw new ApiError(response.status, text, response.statusText);
  }
  return read(Promise.resolve(response), transcriptDocSchema);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const segmentsKey = (id: string) => [...transcriptionKey(id), "segments"] as const;
const versionsKey = (id: string) => [...transcriptionKey(id), "versions"] as const;

/** After a save or restore: the saved doc is the transcript now; the row's text, history and analysis follow it. */
function useApplySaved(id: string) {
  const queryClient = useQueryClient();
  return (doc: TranscriptDoc) => {
    queryClient.setQueryData(segmentsKey(id), doc);
    void queryClient.invalidateQueries({ queryKey: transcriptionKey(id), exact: true });
    void queryClient.invalidateQueries({ queryKey: versionsKey(id) });
  };
}

/** PUT …/transcript with the version the edits were made on. */
export function useSaveTranscript(id: string) {
  const applySaved = useApplySaved(id);
  return useMutation({
    mutationFn: (body: TranscriptSave) =>
      readDoc(api.transcriptions[":id"].transcript.$put({ param: { id }, json: body })),
    onSuccess: applySaved,
  });
}

/** POST …/transcript/restore: an earlier version becomes current again (undo across a reload). */
export function useRestoreVersion(id: string) {
  const applySaved = useApplySaved(id);
  return useMutation({
    mutationFn: (body: { baseVersion: number; version: number }) =>
      readDoc(api.transcriptions[":id"].transcript.restore.$post({ param: { id }, json: body })),
    onSuccess: applySaved,
  });
}

/** GET …/transcript/versions: the saved history, newest first. */
export function useTranscriptVersions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: versionsKey(id),
    queryFn: () =>
      read(api.transcriptions[":id"].transcript.versions.$get({ param: { id } }), transcriptVersionsSchema),
    enabled,
    staleTime: 0,
  });
}

/** POST …/analyze: the summary and analysis are made again from the edited transcript. */
export function useRerunAnalysis(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => read(api.transcriptions[":id"].analyze.$post({ param: { id } }), transcriptionSchema),
    onSuccess: (row) => queryClient.setQueryData(transcriptionKey(id), row),
  });
}

/** Re-reads the transcript from the server (after a 409: the user chose to see the other save). */
export function useReloadTranscript(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: segmentsKey(id), exact: true }),
      queryClient.invalidateQueries({ queryKey: transcriptionKey(id), exact: true }),
      queryClient.invalidateQueries({ queryKey: versionsKey(id) }),
    ]);
}
