import { newWorkspaceSchema } from "@verbatim/shared/workspaces";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { userMessage } from "@/lib/api";
import { useSchemaForm } from "@/lib/use-form";
import { setCurrentSpace } from "../current-space";
import { useCreateWorkspace } from "../workspaces-api";

/** "Create workspace": a name, then the new team becomes the current space. */
export function CreateWorkspaceDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("workspaces.create");
  const create = useCreateWorkspace();
  const form = useSchemaForm(newWorkspaceSchema, { name: "" });

  const close = (next: boolean) => {
    if (!next) create.reset();
    onOpenChange(next);
  };
  const submit = form.handleSubmit(({ name }) =>
    create.mutate(name, {
      onSuccess: (workspace) => {
        setCurrentSpace(workspace.id);
        toast({ title: t("created", { name: workspace.name }) });
        form.setValue("name", "");
        close(false);
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={close} title={t("title")} description={t("description")}>
      <form noValidate onSubmit={submit} className="space-y-4">
        {create.isError && <FormError message={userMessage(create.error, t("failed"))} />}
        <Field label={t("name")} autoComplete="off" {...form.field("name")} />
        <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
          <Button variant="outline" onClick={() => close(false)}>
            {t("cancel")}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <ButtonSpinner />}
            {t("submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
