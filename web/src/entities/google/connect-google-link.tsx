import { useTranslations } from "use-intl";
import { type ButtonVariant, buttonVariants } from "@/components/ui/button";
import { connectUrl, GOOGLE_CONNECT_PATH, rememberReturnUrl } from "./google-api";
import { useServerUrl } from "./server-url-api";

/**
 * Connecting is a full-page navigation to the server, which redirects to Google: a real link, so
 * the router and the service worker leave it alone, that first saves where to come back to.
 */
export function ConnectGoogleLink({
  label,
  variant = "default",
  className,
}: {
  label?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const t = useTranslations("google");
  const { info } = useServerUrl();
  const text = label ?? t("connect");
  if (info?.googleConfigured === false) {
    return (
      <span
        aria-disabled="true"
        title={t("notConfigured")}
        className={buttonVariants({ variant, className: `${className ?? ""} cursor-not-allowed opacity-60` })}
      >
        {t("labelNotConfigured", { label: text })}
      </span>
    );
  }
  return (
    <a
      href={GOOGLE_CONNECT_PATH}
      onClick={(e) => {
        rememberReturnUrl();
        e.currentTarget.href = connectUrl();
      }}
      className={buttonVariants({ variant, className })}
    >
      {text}
    </a>
  );
}
