import { Link } from "@tanstack/react-router";
import { FREE_PLAN } from "@verbatim/shared/subscription";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { LinkedText } from "@/components/ui/linked-text";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/cn";
import { formatBytes, formatClock } from "@/lib/format";
import { localizeMessage } from "@/lib/i18n";
import { overLength } from "../lib/media-duration";
import { isSending, type UploadItem } from "../lib/upload-store";
import { needsResumable } from "../lib/validation";
import { UpgradeWay } from "./upgrade-way";

function statusText(item: UploadItem, t: ReturnType<typeof useTranslations<"upload.row">>) {
  const percent = Math.floor(item.progress) / 100;
  switch (item.status) {
    case "idle":
      return t("idle");
    case "queued":
      return t("queued");
    case "waiting":
      return t("waiting");
    case "preparing":
      return t("preparing");
    case "compressing":
      return t("compressing", { percent });
    case "uploading":
      return t("uploading", { percent });
    case "processing":
      return t("processing");
    case "error":
      return item.error ? <LinkedText text={localizeMessage(item.error)} /> : t("error");
  }
}

/** A plan refusal (402) whose words do not already link to the plans: the way out, as a real link. */
const needsPlansLink = (item: Pick<UploadItem, "errorStatus" | "error">) =>
  item.errorStatus === 402 && !item.error?.includes("/subscription");

/** After a refusal's words: the link to the plans, when the refusal needs one (the row and the dashboard's list). */
export function PlansLink({ item }: { item: Pick<UploadItem, "errorStatus" | "error"> }) {
  const t = useTranslations("upload.row");
  if (!needsPlansLink(item)) return null;
  return (
    <>
      {" "}
      <Link to="/subscription" className="font-medium underline underline-offset-4">
        {t("upgrade")}
      </Link>
    </>
  );
}

interface UploadRowProps {
  item: UploadItem;
  /** The plan's longest recording in seconds (null: no limit); a file over it is marked and not sent. */
  maxSeconds: number | null;
  /** The team's owner, when only they can lift that limit. */
  askOwner: string | null;
  onRemove: () => void;
  onAbort: () => void;
  onRetry: () => void;
}

export function UploadRow({ item, maxSeconds, askOwner, onRemove, onAbort, onRetry }: UploadRowProps) {
  const t = useTranslations("upload.row");
  const sending = isSending(item);
  const showBar = ["preparing", "compressing", "uploading", "processing"].includes(item.status);
  const tooLong = item.status === "idle" && overLength(item.duration, maxSeconds);
  return (
    <li
      data-testid="upload-row"
      data-status={item.status}
      data-over-limit={tooLong || undefined}
      className="rounded-lg border p-4"
    >
      <div className="flex flex-col gap-3 md:flex-row md:items-start">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="truncate font-medium" title={item.name}>
            {item.name}
          </p>
          <p className="text-sm text-muted-foreground">
            {formatBytes(item.size)} · {item.type || t("unknownType")}
            {typeof item.duration === "number" && ` · ${formatClock(item.duration)}`}
            {needsResumable(item.size) && ` · ${t("resumable")}`}
          </p>
          {tooLong && typeof item.duration === "number" ? (
            <p className="text-sm text-destructive" data-testid="over-length">
              {t("tooLong", { length: formatClock(item.duration), minutes: FREE_PLAN.maxMinutesPerTranscription })}{" "}
              <UpgradeWay askOwner={askOwner} label={t("upgrade")} />
            </p>
          ) : (
            <p
              className={cn("text-sm", item.status === "error" ? "text-destructive" : "text-muted-foreground")}
              role={item.status === "error" ? "alert" : undefined}
            >
              {statusText(item, t)}
              <PlansLink item={item} />
            </p>
          )}
        </div>
        <div className="flex gap-2">
          {item.status === "error" && (
            <Button variant="outline" size="sm" onClick={onRetry} aria-label={t("retryLabel", { name: item.name })}>
              {t("retry")}
            </Button>
          )}
          {(item.status === "idle" || item.status === "queued" || item.status === "error") && (
            <Button variant="outline" size="sm" onClick={onRemove} aria-label={t("removeLabel", { name: item.name })}>
              {t("remove")}
            </Button>
          )}
          {sending && (
            <Button variant="outline" size="sm" onClick={onAbort} aria-label={t("stopLabel", { name: item.name })}>
              {t("stop")}
            </Button>
          )}
        </div>
      </div>
      {showBar && (
        <Progress
          className="mt-3"
          value={item.progress}
          label={
            item.status === "compressing"
              ? t("compressionProgress", { name: item.name })
              : t("uploadProgress", { name: item.name })
          }
        />
      )}
    </li>
  );
}
