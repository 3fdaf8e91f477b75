import type { Space } from "./transcriptions";

// The space rule of store/transcriptions.ts (`inSpace`) as SQL text, for the hand-written FTS5 queries of search and
// "Ask my library". The statements bind ?2 = the user and ?5 = the workspace (null for the personal space).

/**
 * A transcription row (alias `t`) of the space. Two fixed texts rather than one CASE, so SQLite can use the index
 * of either.
 */
export const rowInSpace = (space: Space, t: string) =>
  space.workspaceId === null
    ? `${t}.user_id = ?2 AND ${t}.workspace_id IS NULL AND ?5 IS NULL`
    : `${t}.workspace_id = ?5`;

/** A search entry (alias `e`) of a transcription in the space. */
export const entryInSpace = (space: Space) =>
  `${space.workspaceId === null ? "e.user_id = ?2 AND " : ""}e.transcription_id IN (SELECT id FROM transcriptions s WHERE ${rowInSpace(space, "s")})`;
