import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedMeeting, CreateMeetingInput, Meeting, RecordingImport } from "@verbatim/shared/google";
import { ApiError, apiJson, jsonBody } from "@/lib/api";

/** Spec §7/§9: the calendar asks for at most 50 meetings per range. */
const MAX_RESULTS = 50;

export const meetingsKey = (timeMin: string, timeMax: string) => ["/api/meetings", { timeMin, timeMax }] as const;

/** GET /api/meetings for a range; only when signed in and connected to Google (spec §6). */
export function useMeetings(range: { start: Date; end: Date }, enabled: boolean) {
  const timeMin = range.start.toISOString();
  const timeMax = range.end.toISOString();
  return useQuery({
    queryKey: meetingsKey(timeMin, timeMax),
    queryFn: () => {
      const query = new URLSearchParams({ timeMin, timeMax, maxResults: String(MAX_RESULTS) });
      return apiJson<Meeting[]>(`/api/meetings?${query}`);
    },
    enabled,
    // Meetings change in Google Calendar itself; moving between ranges and back shows the last copy at once
    // and re-reads it.
    staleTime: 0,
  });
}

export function useCreateMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMeetingInput) =>
      apiJson<CreatedMeeting>("/api/meetings", jsonBody("POST", input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/meetings"] }),
  });
}

/**
 * Transcribes a meeting's Meet recording. When Google has not yet granted read access to it, the server
 * answers `authorizeUrl`: the browser goes there (a full-page redirect) and comes back to
 * /calendar?transcribe=<id>, which asks again.
 */
export function useTranscribeRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (eventId: string): Promise<RecordingImport> => {
      const result = await apiJson<RecordingImport>(
        `/api/meetings/${encodeURIComponent(eventId)}/recording`,
        jsonBody("POST", {}),
      );
      // Only ever a same-origin path into the server's Google flow.
      if ("authorizeUrl" in result && !result.authorizeUrl.startsWith("/api/auth/google?")) throw new Error("Unexpected answer from the server");
      return result;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/meetings"] }),
  });
}

/** The meetings API answers failures as JSON `{error}` (spec §7); other endpoints use `{message}`. */
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
