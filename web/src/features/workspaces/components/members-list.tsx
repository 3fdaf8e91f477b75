import type { WorkspaceMember } from "@verbatim/shared/workspaces";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { useChangeRole, useRemoveMember } from "../api/workspace-api";
import { toastRefusal } from "../lib/refusal";
import { RoleSelect } from "./role-select";

interface MembersListProps {
  workspaceId: string;
  members: WorkspaceMember[];
  /** The caller may change roles and remove members (`manage`). */
  canManage: boolean;
  meId: string;
}

/** The members with their roles; those who manage change roles and remove (never the owner, nor themselves). */
export function MembersList({ workspaceId, members, canManage, meId }: MembersListProps) {
  const t = useTranslations("workspaces.members");
  const tr = useTranslations("workspaces.roles");
  const changeRole = useChangeRole(workspaceId);
  const remove = useRemoveMember(workspaceId);
  return (
    <ul aria-label={t("label")} className="divide-y">
      {members.map((member) => {
        const editable = canManage && member.userId !== meId;
        return (
          <li key={member.userId} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1 text-sm">
              <p className="truncate font-medium">
                {member.name}
                {member.userId === meId && <span className="text-muted-foreground"> {t("you")}</span>}
              </p>
              <p className="truncate text-muted-foreground">{member.email}</p>
            </div>
            {editable && member.role !== "owner" ? (
              <>
                <RoleSelect
                  aria-label={t("roleOf", { name: member.name })}
                  value={member.role}
                  disabled={changeRole.isPending}
                  onRoleChange={(role) =>
                    changeRole.mutate(
                      { userId: member.userId, role },
                      {
                        onSuccess: () => toast({ title: t("roleChanged", { name: member.name }) }),
                        onError: toastRefusal(t("roleChangeFailed")),
                      },
                    )
                  }
                />
                <Button
                  size="sm"
                  variant="outline"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(member.userId, {
                      onSuccess: () => toast({ title: t("removed", { name: member.name }) }),
                      onError: toastRefusal(t("removeFailed")),
                    })
                  }
                >
                  {t("remove")}
                  <span className="sr-only"> {member.name}</span>
                </Button>
              </>
            ) : (
              <span className="text-sm text-muted-foreground">{tr(member.role)}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
