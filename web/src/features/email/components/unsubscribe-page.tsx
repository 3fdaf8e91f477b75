import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";
import { ButtonSpinner } from "@/components/ui/spinner";
import { userMessage } from "@/lib/api";
import { unsubscribe } from "../api/email-api";

/**
 * The unsubscribe link of a new-features e-mail: one button, no sign-in (the link's token names the account). A
 * mail app's own unsubscribe button posts to the API directly (List-Unsubscribe-Post).
 */
export function UnsubscribePage({ token }: { token: string }) {
  const t = useTranslations("email.unsubscribePage");
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : t("failed"));
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setError(null);
    setPending(true);
    try {
      await unsubscribe(token);
      setDone(true);
    } catch (e) {
      setError(userMessage(e, t("failed")));
    } finally {
      setPending(false);
    }
  };

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {t("title")}
        </CardTitle>
        <CardDescription>{done ? t("done") : t("description")}</CardDescription>
      </CardHeader>
      {!done && (
        <CardContent className="space-y-4">
          {error && <FormError message={error} />}
          <Button className="w-full" onClick={confirm} disabled={pending || !token}>
            {pending && <ButtonSpinner />}
            {t("submit")}
          </Button>
        </CardContent>
      )}
    </Card>
  );
}
