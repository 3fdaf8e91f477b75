import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
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
  const { info } = useServerUrl();
  const [bannerOpen, setBannerOpen] = useState(true);
  if (!info) return <PageSpinner label="Reading the server address" />;

  // Behind a proxy the API can see another origin than the browser; Google must be given the browser's.
  const originDiffers = info.url !== window.location.origin;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/integrations" className={buttonVariants({ variant: "ghost", size: "sm", className: "-ml-3" })}>
        <ArrowLeftIcon />
        Back to Integrations
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Google OAuth Setup</h1>
        <p className="text-sm text-muted-foreground">
          How to configure a Google Cloud OAuth client so Google sign-in and Google Meet work on this server.
        </p>
      </div>

      {bannerOpen && (
        <section
          aria-label="Redirect URI mismatch"
          className="relative rounded-lg border border-amber-300 bg-amber-50 p-4 pr-12 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">Seeing “redirect_uri_mismatch”?</p>
          <p className="mt-1 text-sm">
            Google only accepts the exact redirect URI registered for your OAuth client: same scheme, host, port and
            path, with no trailing slash. Copy the redirect URI below into the Google Cloud console.
          </p>
          {originDiffers && (
            <p className="mt-2 text-sm">
              This page is open at {window.location.origin}, but the server reports {info.url}. Register the address
              Google should send people back to.
            </p>
          )}
          <button
            type="button"
            onClick={() => setBannerOpen(false)}
            className="absolute top-3 right-3 rounded-md p-1.5 hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring dark:hover:bg-amber-900"
          >
            <span aria-hidden="true">✕</span>
            <span className="sr-only">Dismiss</span>
          </button>
        </section>
      )}

      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>This server</CardTitle>
            <Badge tone={info.environment === "production" ? "green" : "amber"}>
              {info.environment === "production" ? "Production" : "Development"}
            </Badge>
          </div>
          <CardDescription>Use these values exactly as shown.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <CopyValue label="Authorized JavaScript origin" value={info.url} />
          <CopyValue label="Authorized redirect URI" value={info.redirectUri} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Steps</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="list-decimal space-y-3 pl-5 text-sm">
            <li>
              Open <ExternalLink href={CREDENTIALS_URL}>APIs &amp; Services → Credentials</ExternalLink> in the Google
              Cloud console and create an <strong>OAuth client ID</strong> of type <strong>Web application</strong> (or
              edit the existing one).
            </li>
            <li>
              Under <strong>Authorized JavaScript origins</strong>, add <code className="break-all">{info.url}</code>.
            </li>
            <li>
              Under <strong>Authorized redirect URIs</strong>, add <code className="break-all">{info.redirectUri}</code>
              .
            </li>
            <li>
              Enable the <ExternalLink href={CALENDAR_API_URL}>Google Calendar API</ExternalLink> for the same project.
            </li>
            <li>
              On the <ExternalLink href={CONSENT_URL}>OAuth consent screen</ExternalLink>, add the Calendar scopes and,
              while the app is in testing, the Google accounts allowed to connect.
            </li>
            <li>
              Give the client ID and secret to the server as its Google OAuth settings, then try connecting again.
            </li>
          </ol>
          <p className="mt-4 text-sm text-muted-foreground">
            Changes in the Google Cloud console can take a few minutes to apply.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function CopyValue({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ variant: "destructive", title: "Failed to copy" });
    }
  };
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium">{label}</p>
      <div className="flex flex-col gap-2 md:flex-row md:items-center">
        <code className="flex-1 rounded-md border bg-muted px-3 py-2 text-sm break-all">{value}</code>
        <Button variant="outline" onClick={() => void copy()} className="w-full md:w-auto">
          {copied ? "Copied" : "Copy"}
          <span className="sr-only"> {label}</span>
        </Button>
      </div>
    </div>
  );
}
