import { Link } from "@tanstack/react-router";
import { useTranslations } from "use-intl";
import { buttonVariants } from "@/components/ui/button";
import { useServerUrl } from "@/entities/google/server-url-api";

/**
 * Google sign-in is a full-page navigation: the server redirects to Google and back. `intent` is `login`
 * (an existing account only), `signup` (creates one if needed). Without Google credentials on the server the
 * button says so and leads to the setup guide instead.
 */
export function GoogleButton({ label, intent = "signup" }: { label?: string; intent?: "login" | "signup" }) {
  const t = useTranslations("auth.google");
  const { info } = useServerUrl();
  const text = label ?? t("continue");
  if (info?.googleConfigured === false) {
    return (
      <div className="space-y-1 text-center">
        <span
          aria-disabled="true"
          className={buttonVariants({ variant: "outline", className: "w-full cursor-not-allowed opacity-60" })}
        >
          <GoogleLogo />
          {text}
        </span>
        <p className="text-xs text-muted-foreground">
          {t("notConfigured")}{" "}
          <Link to="/google-oauth-help" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("howToSetUp")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    // A plain <a>: the router must not handle /api/*, and the service worker lets it through to the network.
    <a
      href={`/api/auth/google?intent=${intent}`}
      className={buttonVariants({ variant: "outline", className: "w-full" })}
    >
      <GoogleLogo />
      {text}
    </a>
  );
}

function GoogleLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9Z" />
    </svg>
  );
}

export function OrDivider() {
  const t = useTranslations("auth");
  return (
    <div className="relative my-2 text-center text-xs text-muted-foreground uppercase">
      <span aria-hidden="true" className="absolute inset-x-0 top-1/2 h-px bg-border" />
      <span className="relative bg-card px-2">{t("or")}</span>
    </div>
  );
}
