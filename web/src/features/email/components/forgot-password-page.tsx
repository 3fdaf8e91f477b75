import { Link } from "@tanstack/react-router";
import { forgotPasswordSchema } from "@verbatim/shared/email";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { ButtonSpinner } from "@/components/ui/spinner";
import { userMessage } from "@/lib/api";
import { useSchemaForm } from "@/lib/use-form";
import { forgotPassword } from "../api/email-api";

/** "Forgot password?": asks for the address and says the same whether or not an account uses it. */
export function ForgotPasswordPage() {
  const t = useTranslations("email.forgotPage");
  const form = useSchemaForm(forgotPasswordSchema, { email: "" });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = form.handleSubmit(async ({ email }) => {
    setError(null);
    setPending(true);
    try {
      await forgotPassword(email);
      setSentTo(email);
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
        {sentTo ? (
          <p role="status" data-testid="forgot-sent" className="text-sm">
            {t("sent", { email: sentTo })}
          </p>
        ) : (
          <form noValidate onSubmit={submit} className="space-y-4" aria-label={t("title")}>
            {error && <FormError message={error} />}
            <Field label={t("email")} type="email" autoComplete="email" {...form.field("email")} />
            <Button type="submit" className="w-full" disabled={pending}>
              {pending && <ButtonSpinner />}
              {t("submit")}
            </Button>
          </form>
        )}
        <p className="text-center text-sm text-muted-foreground">
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("backToLogin")}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
