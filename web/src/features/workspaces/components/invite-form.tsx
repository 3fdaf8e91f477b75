import { type InvitableRole, newInvitationSchema } from "@verbatim/shared/workspaces";
import { useId } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useSchemaForm } from "@/lib/use-form";
import { useInvite } from "../api/workspace-api";
import { toastRefusal } from "../lib/refusal";
import { RoleSelect } from "./role-select";

/** Invites someone by e-mail with a role; the server sends the link. */
export function InviteForm({ workspaceId }: { workspaceId: string }) {
  const t = useTranslations("workspaces.invite");
  const invite = useInvite(workspaceId);
  const form = useSchemaForm(newInvitationSchema, { email: "", role: "member" });
  const roleId = useId();
  const submit = form.handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: () => {
        toast({ title: t("sent", { email: input.email }) });
        form.setValue("email", "");
      },
      onError: toastRefusal(t("failed")),
    }),
  );
  return (
    <form noValidate onSubmit={submit} aria-label={t("label")} className="flex flex-col gap-3 md:flex-row md:items-end">
      <div className="flex-1">
        <Field label={t("email")} type="email" autoComplete="off" {...form.field("email")} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={roleId}>{t("role")}</Label>
        <RoleSelect
          id={roleId}
          value={(form.values.role ?? "member") as InvitableRole}
          onRoleChange={(role) => form.setValue("role", role)}
        />
      </div>
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending && <ButtonSpinner />}
        {t("submit")}
      </Button>
    </form>
  );
}
