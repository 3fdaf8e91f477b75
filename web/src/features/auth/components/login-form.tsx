import { Link } from "@tanstack/react-router";
import { loginSchema } from "@verbatim/shared/auth";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { ButtonSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/entities/session/use-auth";
import { useSchemaForm } from "@/lib/use-form";
import { useAuthSubmit } from "../hooks/use-auth-submit";

export function LoginForm() {
  const t = useTranslations("auth");
  const { login } = useAuth();
  const form = useSchemaForm(loginSchema, { username: "", password: "" });
  const { run, serverError, pending } = useAuthSubmit(login, t("loginFailed"));
  const submit = form.handleSubmit(run);

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={t("logIn")}>
      {serverError && <FormError message={serverError} />}
      <Field label={t("username")} autoComplete="username" {...form.field("username")} />
      <Field label={t("password")} type="password" autoComplete="current-password" {...form.field("password")} />
      <p className="-mt-2 text-right text-sm">
        <Link to="/forgot-password" className="text-primary underline-offset-4 hover:underline">
          {t("forgotPassword")}
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending && <ButtonSpinner />}
        {t("logIn")}
      </Button>
    </form>
  );
}
