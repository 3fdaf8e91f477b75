import { Link, useNavigate } from "@tanstack/react-router";
import { invitationPagePath } from "@verbatim/shared/workspaces";
import { useTranslations } from "use-intl";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";
import { ButtonSpinner, PageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/entities/session/use-auth";
import { useDateTimeFormat } from "@/entities/user/use-user-time";
import { setCurrentSpace } from "@/entities/workspace/current-space";
import { ApiError, userMessage } from "@/lib/api";
import { useAcceptInvitation, useInvitation } from "../api/invitation-api";

/**
 * /invitations/{token}, the link an invitation e-mail carries: what it offers; signed out, sign in or sign up and
 * come back here; signed in, accept, which opens the team's space on the dashboard.
 */
export function InvitationPage({ token }: { token: string }) {
  const t = useTranslations("workspaces.invitationPage");
  const tr = useTranslations("workspaces.roles");
  const { user, isLoading } = useAuth();
  const { date } = useDateTimeFormat();
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);

  if (invitation.isError) {
    const gone = invitation.error instanceof ApiError && invitation.error.status === 404;
    return (
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1">{t("invalidTitle")}</CardTitle>
          <CardDescription>{gone ? t("invalidBody") : userMessage(invitation.error, t("loadFailed"))}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/" className={buttonVariants({ variant: "outline" })}>
            {t("home")}
          </Link>
        </CardContent>
      </Card>
    );
  }
  if (!invitation.data || isLoading) return <PageSpinner label={t("loading")} />;
  const { workspaceName, invitedBy, email, role, expiresAt } = invitation.data;
  const back = { redirect: invitationPagePath(token) };

  const join = () =>
    accept.mutate(undefined, {
      onSuccess: async (workspace) => {
        setCurrentSpace(workspace.id);
        await navigate({ to: "/dashboard" });
      },
    });

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {t("title", { workspace: workspaceName })}
        </CardTitle>
        <CardDescription>{t("body", { by: invitedBy, workspace: workspaceName, role: tr(role) })}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t("email")}</dt>
          <dd className="break-all">{email}</dd>
          <dt className="text-muted-foreground">{t("role")}</dt>
          <dd>{tr(role)}</dd>
          <dt className="text-muted-foreground">{t("expires")}</dt>
          <dd>{date(expiresAt)}</dd>
        </dl>
        {accept.isError && <FormError message={userMessage(accept.error, t("acceptFailed"))} />}
        {user ? (
          <>
            {user.email.toLowerCase() !== email.toLowerCase() && (
              <p role="status" className="text-sm text-muted-foreground">
                {t("otherAccount", { account: user.email, email })}
              </p>
            )}
            <Button className="w-full" disabled={accept.isPending} onClick={join}>
              {accept.isPending && <ButtonSpinner />}
              {t("accept")}
            </Button>
          </>
        ) : (
          <div className="space-y-2">
            <p className="text-sm text-muted-foreground">{t("signInFirst")}</p>
            <div className="flex flex-col gap-2 md:flex-row">
              <Link to="/login" search={back} className={buttonVariants({ className: "flex-1" })}>
                {t("signIn")}
              </Link>
              <Link
                to="/register"
                search={back}
                className={buttonVariants({ variant: "outline", className: "flex-1" })}
              >
                {t("signUp")}
              </Link>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
