import { createFileRoute } from "@tanstack/react-router";
import { WorkspaceSettingsPage } from "@/features/workspaces/components/workspace-settings-page";

/** A team workspace's settings: name, members, invitations, ownership. */
export const Route = createFileRoute("/_app/_protected/workspaces/$id")({
  component: function Page() {
    const { id } = Route.useParams();
    return <WorkspaceSettingsPage key={id} workspaceId={id} />;
  },
});
