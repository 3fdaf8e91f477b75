import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { useTranslations } from "use-intl";
import { ArrowLeftIcon } from "@/components/layout/icons";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useServerUrl } from "@/entities/google/server-url-api";

const CREDENTIALS_URL = "https://console.cloud.google.com/apis/credentials";
const CALENDAR_API_URL = "https://console.cloud.google.com/apis/library/calendar-json.googleapis.com";
const CONSENT_URL = "https://console.cloud.google.com/apis/credentials/consent";

/** /google-oauth-help: what to register with Google so sign-in and Calendar access work here. */
export function GoogleOAuthHelpPage() {
  const t = useTranslations("googleHelp");
  const { info } = useServerUrl();
  const [bannerOpen, setBannerOpen] = useState(true);
  if (!info) return <PageSpinner label={t("loading")} />;

  // Behind a proxy the API can see another origin than the browser; Google must be given the browser's.
  const originDiffers = info.url !== window.location.origin;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/integrations" className={buttonVariants({ variant: "ghost", size: "sm", className: "-ml-3" })}>
        <ArrowLeftIcon />
        {t("back")}
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
      </div>

      {bannerOpen && (
        <section
          aria-label={t("mismatch.label")}
          className="relative rounded-lg border border-amber-300 bg-amber-50 p-4 pr-12 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">{t("mismatch.title")}</p>
          <p className="mt-1 text-sm">{t("mismatch.body")}</p>
          {originDiffers && (
            <p className="mt-2 text-sm">
              {t("mismatch.originDiffers", { page: window.location.origin, server: info.url })}
            </p>
          )}
          <button
            type="button"
            onClick={() => setBannerOpen(false)}
            className="absolute top-3 right-3 rounded-md p-1.5 hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring dark:hover:bg-amber-900"
          >
            <span aria-hidden="true">✕</span>
            <span className="sr-only">{t("dismiss")}</span>
          </button>
        </section>
      )}

      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>{t("server.title")}</CardTitle>
            <Badge tone={info.environment === "production" ? "green" : "amber"}>
              {info.environment === "production" ? t("server.production") : t("server.development")}
            </Badge>
          </div>
          <CardDescription>{t("server.description")}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <CopyValue label={t("server.origin")} value={info.url} />
          <CopyValue label={t("server.redirectUri")} value={info.redirectUri} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("steps.title")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="list-decimal space-y-3 pl-5 text-sm">
            <li>
              {t.rich("steps.credentials", {
                ...tags,
                link: (chunks) => <ExternalLink href={CREDENTIALS_URL}>{chunks}</ExternalLink>,
              })}
            </li>
            <li>{t.rich("steps.origins", { ...tags, value: info.url })}</li>
            <li>{t.rich("steps.redirects", { ...tags, value: info.redirectUri })}</li>
            <li>
              {t.rich("steps.calendar", {
                link: (chunks) => <ExternalLink href={CALENDAR_API_URL}>{chunks}</ExternalLink>,
              })}
            </li>
            <li>
              {t.rich("steps.consent", { link: (chunks) => <ExternalLink href={CONSENT_URL}>{chunks}</ExternalLink> })}
            </li>
            <li>{t("steps.secrets")}</li>
          </ol>
          <p className="mt-4 text-sm text-muted-foreground">{t("steps.delay")}</p>
        </CardContent>
      </Card>
    </div>
  );
}

/** The markup the steps' messages use. */
const tags = {
  strong: (chunks: ReactNode) => <strong>{chunks}</strong>,
  code: (chunks: ReactNode) => <code className="break-all">{chunks}</code>,
};

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const t = useTranslations("common");
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
      <span className="sr-only"> {t("newTab")}</span>
    </a>
  );
}

function CopyValue({ label, value }: { label: string; value: string }) {
  const t = useTranslations("googleHelp");
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ variant: "destructive", title: t("copyFailed") });
    }
  };
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium">{label}</p>
      <div className="flex flex-col gap-2 md:flex-row md:items-center">
        <code className="flex-1 rounded-md border bg-muted px-3 py-2 text-sm break-all">{value}</code>
        <Button variant="outline" onClick={() => void copy()} className="w-full md:w-auto">
          {copied ? t("copied") : t("copy")}
          <span className="sr-only"> {label}</span>
        </Button>
      </div>
    </div>
  );
}
