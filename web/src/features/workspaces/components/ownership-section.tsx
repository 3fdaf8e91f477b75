import { useNavigate } from "@tanstack/react-router";
import { roleMay, type WorkspaceDetail } from "@verbatim/shared/workspaces";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/toast";
import { setCurrentSpace } from "@/entities/workspace/current-space";
import { useDeleteWorkspace, useLeaveWorkspace, useTransferOwnership } from "../api/workspace-api";
import { toastRefusal } from "../lib/refusal";
import { ConfirmDialog } from "./confirm-dialog";

type Asking = "transfer" | "leave" | "delete" | null;

/**
 * What ends or moves the caller's part: transfer ownership (owner), leave (anyone but the owner, who transfers
 * first), delete the workspace (owner). Each asks first.
 */
export function OwnershipSection({ detail, meId }: { detail: WorkspaceDetail; meId: string }) {
  const t = useTranslations("workspaces.ownership");
  const navigate = useNavigate();
  const { workspace, members } = detail;
  const owns = roleMay(workspace.role, "own");
  const others = members.filter((m) => m.userId !== meId);
  const [heir, setHeir] = useState("");
  const [asking, setAsking] = useState<Asking>(null);
  const heirId = useId();

  const gone = async () => {
    setCurrentSpace(null);
    await navigate({ to: "/dashboard" });
  };
  const transfer = useTransferOwnership(workspace.id);
  const leave = useLeaveWorkspace(workspace.id, meId, gone);
  const remove = useDeleteWorkspace(workspace.id, gone);
  const heirName = others.find((m) => m.userId === heir)?.name ?? "";
  const close = () => setAsking(null);

  return (
    <div className="space-y-4">
      {owns && others.length > 0 && (
        <div className="flex flex-col gap-3 md:flex-row md:items-end">
          <div className="flex-1 space-y-2">
            <Label htmlFor={heirId}>{t("transferTo")}</Label>
            <Select id={heirId} value={heir} onChange={(event) => setHeir(event.target.value)}>
              <option value="">{t("chooseMember")}</option>
              {others.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name}
                </option>
              ))}
            </Select>
          </div>
          <Button variant="outline" disabled={!heir} onClick={() => setAsking("transfer")}>
            {t("transfer")}
          </Button>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {!owns && (
          <Button variant="outline" onClick={() => setAsking("leave")}>
            {t("leave")}
          </Button>
        )}
        {owns && (
          <Button variant="destructive" onClick={() => setAsking("delete")}>
            {t("delete")}
          </Button>
        )}
      </div>

      <ConfirmDialog
        open={asking === "transfer"}
        onOpenChange={close}
        title={t("transferTitle")}
        description={t("transferBody", { name: heirName, workspace: workspace.name })}
        confirm={t("transfer")}
        pending={transfer.isPending}
        onConfirm={() =>
          transfer.mutate(heir, {
            onSuccess: () => {
              close();
              toast({ title: t("transferred", { name: heirName }) });
            },
            onError: toastRefusal(t("transferFailed")),
          })
        }
      />
      <ConfirmDialog
        open={asking === "leave"}
        onOpenChange={close}
        title={t("leaveTitle")}
        description={t("leaveBody", { workspace: workspace.name })}
        confirm={t("leave")}
        pending={leave.isPending}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => toast({ title: t("left", { workspace: workspace.name }) }),
            onError: toastRefusal(t("leaveFailed")),
          })
        }
      />
      <ConfirmDialog
        open={asking === "delete"}
        onOpenChange={close}
        title={t("deleteTitle")}
        description={t("deleteBody", { workspace: workspace.name })}
        confirm={t("delete")}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => toast({ title: t("deleted", { workspace: workspace.name }) }),
            onError: toastRefusal(t("deleteFailed")),
          })
        }
      />
    </div>
  );
}
