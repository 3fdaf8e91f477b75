import { buttonVariants, type ButtonVariant } from "@/components/ui/button";
import { GOOGLE_CONNECT_PATH, rememberReturnUrl } from "../api/google-api";

/**
 * Connecting is a full-page navigation to the server, which redirects to Google (spec §2): a real link, so
 * the router and the service worker leave it alone, that first saves where to come back to.
 */
export function ConnectGoogleLink({
  label = "Connect Google Account",
  variant = "default",
  className,
}: {
  label?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  return (
    <a href={GOOGLE_CONNECT_PATH} onClick={rememberReturnUrl} className={buttonVariants({ variant, className })}>
      {label}
    </a>
  );
}
