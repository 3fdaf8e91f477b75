import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { CalendarIcon } from "@/components/layout/icons";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { ButtonSpinner, PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ConnectGoogleLink } from "@/entities/google/connect-google-link";
import { useDisconnectGoogle, useGoogleStatus } from "@/entities/google/google-api";
import { useAuthErrorToast } from "@/entities/session/use-auth-error-toast";

/** /integrations: a Google Meet tab with a connected or a connect view. */
export function IntegrationsPage() {
  const t = useTranslations("integrations");
  const [tab, setTab] = useState("google-meet");
  useAuthErrorToast();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList label={t("title")}>
          <TabsTrigger value="google-meet">Google Meet</TabsTrigger>
        </TabsList>
        <TabsContent value="google-meet">
          <GoogleMeet />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** integrations.benefits.<key>. */
const BENEFITS = ["calendar", "create", "join"] as const;

function GoogleMeet() {
  const t = useTranslations("integrations");
  const google = useGoogleStatus();
  const disconnect = useDisconnectGoogle();
  if (google.isLoading) return <PageSpinner label={t("checking")} />;

  if (google.connected) {
    return (
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>Google Meet</CardTitle>
            <Badge tone="green">{t("connected")}</Badge>
          </div>
          <CardDescription>{t("connectedAs", { account: google.email ?? t("yourAccount") })}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">{t("connectedBody")}</p>
        </CardContent>
        <CardFooter className="flex flex-col gap-2 md:flex-row">
          <Link to="/calendar" className={buttonVariants({ className: "w-full md:w-auto" })}>
            <CalendarIcon />
            {t("openCalendar")}
          </Link>
          <Button
            variant="outline"
            disabled={disconnect.isPending}
            onClick={() => disconnect.mutate()}
            className="w-full md:w-auto"
          >
            {disconnect.isPending && <ButtonSpinner />}
            {t("disconnect")}
          </Button>
        </CardFooter>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>Google Meet</CardTitle>
          <Badge tone="neutral">{t("notConnected")}</Badge>
        </div>
        <CardDescription>{t("connectBody")}</CardDescription>
      </CardHeader>
      <CardContent>
        {google.message && (
          <p role="status" className="mb-3 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
            {google.message}
          </p>
        )}
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {BENEFITS.map((b) => (
            <li key={b}>{t(`benefits.${b}`)}</li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted-foreground">{t("redirectNote")}</p>
      </CardContent>
      <CardFooter className="flex flex-col items-stretch gap-3 md:flex-row md:items-center">
        <ConnectGoogleLink className="w-full md:w-auto" />
        <Link
          to="/google-oauth-help"
          className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t("guide")}
        </Link>
      </CardFooter>
    </Card>
  );
}
