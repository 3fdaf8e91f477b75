import { roleMay } from "@verbatim/shared/workspaces";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/entities/session/use-auth";
import { ApiError, userMessage } from "@/lib/api";
import { useWorkspaceDetail } from "../api/workspace-api";
import { InvitationsList } from "./invitations-list";
import { InviteForm } from "./invite-form";
import { MembersList } from "./members-list";
import { OwnershipSection } from "./ownership-section";
import { RenameForm } from "./rename-form";

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}

/**
 * /workspaces/{id}: a team's name, members, invitations and ownership. Each control shows only when the caller's
 * role allows it (the same table the server decides by); a refusal shows the server's message.
 */
export function WorkspaceSettingsPage({ workspaceId }: { workspaceId: string }) {
  const t = useTranslations("workspaces.settings");
  const tr = useTranslations("workspaces.roles");
  const { user } = useAuth();
  const detail = useWorkspaceDetail(workspaceId);

  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <p role="alert" className="rounded-md bg-muted p-6 text-center text-sm">
        {missing ? t("notFound") : userMessage(detail.error, t("loadFailed"))}
      </p>
    );
  }
  if (!detail.data || !user) return <PageSpinner label={t("loading")} />;
  const { workspace, members, invitations } = detail.data;
  const manages = roleMay(workspace.role, "manage");

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{workspace.name}</h1>
        <p className="text-sm text-muted-foreground">
          {t("summary", { role: tr(workspace.role), count: workspace.memberCount, owner: workspace.ownerName })}
        </p>
      </div>
      {manages && (
        <Section title={t("nameTitle")}>
          <RenameForm key={workspace.name} workspaceId={workspace.id} name={workspace.name} />
        </Section>
      )}
      <Section title={t("membersTitle")}>
        <MembersList workspaceId={workspace.id} members={members} canManage={manages} meId={user.id} />
      </Section>
      {manages && (
        <Section title={t("invitationsTitle")} description={t("invitationsDescription")}>
          <InviteForm workspaceId={workspace.id} />
          <InvitationsList workspaceId={workspace.id} invitations={invitations} />
        </Section>
      )}
      <Section title={t("ownershipTitle")}>
        <OwnershipSection detail={detail.data} meId={user.id} />
      </Section>
    </div>
  );
}
