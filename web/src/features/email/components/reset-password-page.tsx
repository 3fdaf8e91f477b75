import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { resetPasswordFormSchema } from "@verbatim/shared/email";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { USER_QUERY_KEY } from "@/entities/session/auth-api";
import { userMessage } from "@/lib/api";
import { useSchemaForm } from "@/lib/use-form";
import { resetPassword } from "../api/email-api";

/** Where the reset link leads: a new password, then the user is signed in here and signed out everywhere else. */
export function ResetPasswordPage({ token }: { token: string }) {
  const t = useTranslations("email.resetPage");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useSchemaForm(resetPasswordFormSchema, { password: "", confirmPassword: "" });
  const [error, setError] = useState<string | null>(token ? null : t("noToken"));
  const [pending, setPending] = useState(false);

  const submit = form.handleSubmit(async ({ password }) => {
    setError(null);
    setPending(true);
    try {
      const user = await resetPassword(token, password);
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: t("doneTitle"), description: t("done") });
      await navigate({ to: "/dashboard", replace: true });
    } catch (e) {
      setError(userMessage(e, t("failed")));
    } finally {
      setPending(false);
    }
  });

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {t("title")}
        </CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form noValidate onSubmit={submit} className="space-y-4" aria-label={t("title")}>
          {error && <FormError message={error} />}
          <Field label={t("password")} type="password" autoComplete="new-password" {...form.field("password")} />
          <Field
            label={t("confirmPassword")}
            type="password"
            autoComplete="new-password"
            {...form.field("confirmPassword")}
          />
          <Button type="submit" className="w-full" disabled={pending || !token}>
            {pending && <ButtonSpinner />}
            {t("submit")}
          </Button>
        </form>
        <p className="text-center text-sm text-muted-foreground">
          <Link to="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("requestNew")}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
