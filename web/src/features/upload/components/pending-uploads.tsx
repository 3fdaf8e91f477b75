import { Link } from "@tanstack/react-router";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { LinkedText } from "@/components/ui/linked-text";
import { localizeMessage } from "@/lib/i18n";
import { removeUpload, retryUpload } from "../lib/upload-manager";
import { useUploads } from "../lib/upload-store";
import { PlansLink } from "./upload-row";

/**
 * On the transcriptions list: files waiting to be sent (queued offline, shared to the app) and files that could
 * not be sent, each with its reason, a way out, "Try again" and "Remove". Failed ones stay (kept on the device,
 * across reloads) until the user acts on them.
 */
export function PendingUploads() {
  const t = useTranslations("upload.pending");
  const items = useUploads().filter((item) => item.status === "queued" || item.status === "error");
  if (items.length === 0) return null;
  const failed = items.filter((item) => item.status === "error").length;
  return (
    <section
      aria-labelledby="pending-uploads-heading"
      data-testid="pending-uploads"
      className="space-y-3 rounded-lg border p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="pending-uploads-heading" className="text-base font-semibold">
          {failed > 0 ? t("titleFailed", { count: failed }) : t("title", { count: items.length })}
        </h2>
        <Link to="/upload" className="text-sm font-medium underline underline-offset-4">
          {t("open")}
        </Link>
      </div>
      <ul className="space-y-2">
        {items.map((item) => (
          <li
            key={item.key}
            data-testid="pending-upload"
            data-status={item.status}
            className="flex flex-col gap-2 rounded-md bg-muted/50 p-3 text-sm md:flex-row md:items-start"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium" title={item.name}>
                {item.name}
              </p>
              {item.status === "error" ? (
                <p className="text-destructive">
                  {item.error ? <LinkedText text={localizeMessage(item.error)} /> : t("failed")}
                  <PlansLink item={item} />
                </p>
              ) : (
                <p className="text-muted-foreground">{t("queued")}</p>
              )}
            </div>
            <div className="flex gap-2">
              {item.status === "error" && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void retryUpload(item.key)}
                  aria-label={t("retryLabel", { name: item.name })}
                >
                  {t("retry")}
                </Button>
              )}
              <Button
                variant="outline"
                size="sm"
                onClick={() => removeUpload(item.key)}
                aria-label={t("removeLabel", { name: item.name })}
              >
                {t("remove")}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
