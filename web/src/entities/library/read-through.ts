import { onlineManager } from "@tanstack/react-query";
import type { TranscriptDoc } from "@verbatim/shared/transcript";
import type { Transcription } from "@verbatim/shared/transcription";
import type { PublicUser } from "@verbatim/shared/user";
import { USER_QUERY_KEY } from "@/entities/session/auth-api";
import { translate } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { libraryFor } from "./library-db";

/** Offline, and the device library does not hold what was asked for (not synced yet). */
export class NotOnDeviceError extends Error {
  constructor() {
    super(translate("library.notOnDevice"));
    this.name = "NotOnDeviceError";
  }
}

/** A fetch that never reached the server (offline, DNS, connection refused), as opposed to an HTTP answer. */
export const unreachable = (error: unknown) => error instanceof TypeError;

/** The signed-in user, as the session query knows it (also offline, from the persisted cache). */
export const signedInUserId = () => queryClient.getQueryData<PublicUser | null>(USER_QUERY_KEY)?.id ?? null;

/**
 * Reads from the server when it can be reached, else from the signed-in user's device library. Used by the
 * queries of the list and the transcript screens (with networkMode "always"), so every transcript synced to the
 * device opens offline, not only the ones opened before. HTTP answers (404, 401…) are never replaced by the copy.
 */
export async function readThrough<T>(remote: () => Promise<T>, local: (userId: string) => Promise<T | undefined>) {
  if (onlineManager.isOnline()) {
    try {
      return await remote();
    } catch (error) {
      if (!unreachable(error)) throw error;
    }
  }
  const userId = signedInUserId();
  const found = userId ? await local(userId) : undefined;
  if (found === undefined) throw new NotOnDeviceError();
  return found;
}

/** The device's copies in one space (null: personal); copies synced before spaces existed are personal. */
export const libraryList =
  (space: string | null) =>
  async (userId: string): Promise<Transcription[] | undefined> => {
    const lib = libraryFor(userId);
    // Before the first sync there is no list to show: undefined, not an empty library.
    if (!(await lib.meta.get("cursor"))) return undefined;
    const all = await lib.transcriptions.orderBy("created_at").reverse().toArray();
    return all.filter((t) => (t.workspace_id ?? null) === space);
  };

export const libraryTranscription = (id: string) => (userId: string) => libraryFor(userId).transcriptions.get(id);

/** The timed transcript; null when the transcription is synced but has none. */
export const librarySegments =
  (id: string) =>
  async (userId: string): Promise<TranscriptDoc | null | undefined> => {
    const lib = libraryFor(userId);
    const [row, transcript] = await Promise.all([lib.transcriptions.get(id), lib.transcripts.get(id)]);
    if (transcript) return transcript.doc;
    return row ? null : undefined;
  };
