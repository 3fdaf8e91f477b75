import type { PlanUsage } from "@verbatim/shared/subscription";
import { useSubscription } from "@/entities/subscription/subscription-api";
import type { SpaceId } from "./current-space";
import { useWorkspaces } from "./workspaces-api";

/** The plan work in a space runs on, as the server counts it (worker/src/store/plan-usage.ts). */
export interface SpacePlan {
  /** This month's count against the limit (null: PRO, no limit). */
  usage: PlanUsage;
  /** The team's name when the space is a team: its count is the team's own, not the caller's. */
  team: string | null;
  /** Who can lift the limit when the caller cannot: a team's owner, whose subscription covers it. */
  askOwner: string | null;
}

/**
 * The plan of `space`: the caller's own for their personal space; for a team, its owner's plan and the team's own
 * monthly count (GET /api/workspaces). Undefined until known.
 */
export function useSpacePlan(space: SpaceId): SpacePlan | undefined {
  const subscription = useSubscription();
  const { data: workspaces } = useWorkspaces();
  if (space === null) {
    return subscription.data && { usage: subscription.data.usage, team: null, askOwner: null };
  }
  const team = workspaces?.find((w) => w.id === space);
  return team && { usage: team.usage, team: team.name, askOwner: team.role === "owner" ? null : team.ownerName };
}
