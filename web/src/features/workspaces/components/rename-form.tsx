import { renameWorkspaceSchema } from "@verbatim/shared/workspaces";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useSchemaForm } from "@/lib/use-form";
import { useRenameWorkspace } from "../api/workspace-api";
import { toastRefusal } from "../lib/refusal";

/** The workspace's name (for those who may manage it). */
export function RenameForm({ workspaceId, name }: { workspaceId: string; name: string }) {
  const t = useTranslations("workspaces.settings");
  const rename = useRenameWorkspace(workspaceId);
  const form = useSchemaForm(renameWorkspaceSchema, { name });
  const submit = form.handleSubmit((input) =>
    rename.mutate(input.name, {
      onSuccess: () => toast({ title: t("renamed") }),
      onError: toastRefusal(t("renameFailed")),
    }),
  );
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t("renameLabel")}
      className="flex flex-col gap-3 md:flex-row md:items-end"
    >
      <div className="flex-1">
        <Field label={t("name")} autoComplete="off" {...form.field("name")} />
      </div>
      <Button type="submit" disabled={rename.isPending}>
        {rename.isPending && <ButtonSpinner />}
        {t("rename")}
      </Button>
    </form>
  );
}
