import type { Db } from "../db/client";

// The seats an account pays for (docs/architecture/workspaces.md#plans-and-seats): read by checkout and by the
// update after a member joins or leaves.

/**
 * Every other person in the teams `ownerId` owns, counted once: with the owner, the seats their subscription
 * pays for.
 */
export async function seatsOwnedBy(db: Db, ownerId: string) {
  const row = await db.$client
    .prepare(
      `SELECT count(DISTINCT m.user_id) AS n FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
       WHERE w.owner_id = ?1 AND m.user_id <> ?1`,
    )
    .bind(ownerId)
    .first<{ n: number }>();
  return 1 + (row?.n ?? 0);
}
