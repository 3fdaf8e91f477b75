import { registerFormSchema } from "@verbatim/shared/auth";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { ButtonSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/entities/session/use-auth";
import { useSchemaForm } from "@/lib/use-form";
import { useAuthSubmit } from "../hooks/use-auth-submit";

export function RegisterForm() {
  const t = useTranslations("auth");
  const { register } = useAuth();
  const form = useSchemaForm(registerFormSchema, { username: "", email: "", password: "", confirmPassword: "" });
  const { run, serverError, pending } = useAuthSubmit(register, t("registerFailed"));
  const submit = form.handleSubmit(run);

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={t("createAccount")}>
      {serverError && <FormError message={serverError} />}
      <Field label={t("username")} autoComplete="username" {...form.field("username")} />
      <Field label={t("email")} type="email" autoComplete="email" {...form.field("email")} />
      <Field label={t("password")} type="password" autoComplete="new-password" {...form.field("password")} />
      <Field
        label={t("confirmPassword")}
        type="password"
        autoComplete="new-password"
        {...form.field("confirmPassword")}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending && <ButtonSpinner />}
        {t("createAccount")}
      </Button>
    </form>
  );
}
