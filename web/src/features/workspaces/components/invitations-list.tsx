import type { WorkspaceInvitation } from "@verbatim/shared/workspaces";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { useDateTimeFormat } from "@/entities/user/use-user-time";
import { useResendInvitation, useRevokeInvitation } from "../api/workspace-api";
import { toastRefusal } from "../lib/refusal";

/** The open invitations, each re-sent (a new link and expiry) or revoked. */
export function InvitationsList({
  workspaceId,
  invitations,
}: {
  workspaceId: string;
  invitations: WorkspaceInvitation[];
}) {
  const t = useTranslations("workspaces.invitations");
  const tr = useTranslations("workspaces.roles");
  const { date } = useDateTimeFormat();
  const resend = useResendInvitation(workspaceId);
  const revoke = useRevokeInvitation(workspaceId);
  if (invitations.length === 0) return <p className="text-sm text-muted-foreground">{t("none")}</p>;
  return (
    <ul aria-label={t("label")} className="divide-y">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-3">
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium">{invitation.email}</p>
            <p className="text-muted-foreground">
              {t("details", {
                role: tr(invitation.role),
                by: invitation.invitedBy,
                expires: date(invitation.expiresAt),
              })}
            </p>
          </div>
          <Button
            size="sm"
            variant="outline"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(invitation.id, {
                onSuccess: () => toast({ title: t("resent", { email: invitation.email }) }),
                onError: toastRefusal(t("resendFailed")),
              })
            }
          >
            {t("resend")}
            <span className="sr-only"> {invitation.email}</span>
          </Button>
          <Button
            size="sm"
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(invitation.id, {
                onSuccess: () => toast({ title: t("revoked", { email: invitation.email }) }),
                onError: toastRefusal(t("revokeFailed")),
              })
            }
          >
            {t("revoke")}
            <span className="sr-only"> {invitation.email}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
