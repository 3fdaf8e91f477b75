import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";
import { Spinner } from "@/components/ui/spinner";
import { USER_QUERY_KEY } from "@/entities/session/auth-api";
import { useAuth } from "@/entities/session/use-auth";
import { userMessage } from "@/lib/api";
import { verifyEmail } from "../api/email-api";

type State = { step: "verifying" } | { step: "done" } | { step: "failed"; message: string };

/** Where the confirmation link leads: the token is sent once, and the page says how it went. */
export function VerifyEmailPage({ token }: { token: string }) {
  const t = useTranslations("email.verifyPage");
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(token ? { step: "verifying" } : { step: "failed", message: t("noToken") });
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verifyEmail(token)
      .then(() => {
        setState({ step: "done" });
        // The banner goes: the user is read again with the address confirmed.
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      })
      .catch((error: unknown) => setState({ step: "failed", message: userMessage(error, t("failed")) }));
  }, [token, queryClient, t]);

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {t("title")}
        </CardTitle>
        {state.step === "done" && <CardDescription data-testid="verify-done">{t("done")}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-4">
        {state.step === "verifying" && <Spinner label={t("verifying")} />}
        {state.step === "failed" && <FormError message={state.message} />}
        {state.step !== "verifying" && (
          <Link to={user ? "/dashboard" : "/login"} className={buttonVariants({ className: "w-full" })}>
            {user ? t("toApp") : t("toLogin")}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
