import { changePasswordSchema } from "@verbatim/shared/auth";
import type { PublicUser } from "@verbatim/shared/user";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { ConnectGoogleLink } from "@/entities/google/connect-google-link";
import { useDisconnectGoogle, useGoogleStatus } from "@/entities/google/google-api";
import { userMessage } from "@/lib/api";
import { useSchemaForm } from "@/lib/use-form";
import { useChangePassword } from "../api/settings-api";
import { DeleteAccountDialog } from "./delete-account-dialog";

const passwordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().min(1, "validation.confirmPasswordRequired") })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "validation.passwordsDontMatch",
    path: ["confirmPassword"],
  });

export function AccountTab({ user }: { user: PublicUser }) {
  // Remounting the form after a change empties it (no password stays in the page's memory or inputs).
  const [passwordFormKey, setPasswordFormKey] = useState(0);
  return (
    <div className="space-y-6">
      <PasswordForm key={passwordFormKey} username={user.username} onChanged={() => setPasswordFormKey((k) => k + 1)} />
      <ConnectedAccounts />
      <DangerZone user={user} />
    </div>
  );
}

function PasswordForm({ username, onChanged }: { username: string; onChanged: () => void }) {
  const t = useTranslations("settings.account");
  const change = useChangePassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm(passwordFormSchema, { currentPassword: "", newPassword: "", confirmPassword: "" });

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setServerError(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      toast({
        title: t("passwordUpdated"),
        description: t("passwordUpdatedBody"),
      });
      onChanged();
    } catch (error) {
      setServerError(userMessage(error, t("passwordFailed")));
    }
  });

  return (
    <Card>
      <form noValidate onSubmit={submit} aria-label={t("changePassword")}>
        <CardHeader>
          <CardTitle>{t("password")}</CardTitle>
          <CardDescription>{t("passwordDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {serverError && <FormError message={serverError} />}
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <Field
            label={t("currentPassword")}
            type="password"
            autoComplete="current-password"
            {...form.field("currentPassword")}
          />
          <div className="grid gap-4 md:grid-cols-2">
            <Field
              label={t("newPassword")}
              type="password"
              autoComplete="new-password"
              {...form.field("newPassword")}
            />
            <Field
              label={t("confirmPassword")}
              type="password"
              autoComplete="new-password"
              {...form.field("confirmPassword")}
            />
          </div>
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button type="submit" disabled={change.isPending} className="w-full md:w-auto">
            {change.isPending && <ButtonSpinner />}
            {change.isPending ? t("updating") : t("update")}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function ConnectedAccounts() {
  const t = useTranslations("settings.account");
  const google = useGoogleStatus();
  const disconnect = useDisconnectGoogle();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("connectedAccounts")}</CardTitle>
        <CardDescription>{t("connectedAccountsDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col gap-3 rounded-md border p-4 md:flex-row md:items-center md:justify-between">
          <div>
            <p className="font-medium">Google</p>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {google.isLoading
                ? t("checking")
                : google.connected
                  ? t("connectedAs", { account: google.email ?? t("yourGoogleAccount") })
                  : t("notConnected")}
            </p>
          </div>
          {google.connected ? (
            <Button
              variant="outline"
              disabled={disconnect.isPending}
              onClick={() => disconnect.mutate()}
              className="w-full md:w-auto"
            >
              {disconnect.isPending && <ButtonSpinner />}
              {t("disconnect")}
            </Button>
          ) : (
            <ConnectGoogleLink label={t("connect")} variant="outline" className="w-full md:w-auto" />
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function DangerZone({ user }: { user: PublicUser }) {
  const t = useTranslations("settings.account");
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="text-destructive">{t("dangerZone")}</CardTitle>
        <CardDescription>{t("dangerZoneDescription")}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="destructive" onClick={() => setOpen(true)} className="w-full md:w-auto">
          {t("deleteAccount")}
        </Button>
      </CardFooter>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} username={user.username} />
    </Card>
  );
}
