import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/cn";
import { formatBytes } from "@/lib/format";
import { localizeMessage } from "@/lib/i18n";
import { isSending, type UploadItem } from "../lib/upload-store";
import { needsResumable } from "../lib/validation";

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
      return item.error ? localizeMessage(item.error) : t("error");
  }
}

interface UploadRowProps {
  item: UploadItem;
  onRemove: () => void;
  onAbort: () => void;
}

export function UploadRow({ item, onRemove, onAbort }: UploadRowProps) {
  const t = useTranslations("upload.row");
  const sending = isSending(item);
  const showBar = ["preparing", "compressing", "uploading", "processing"].includes(item.status);
  return (
    <li data-testid="upload-row" data-status={item.status} className="rounded-lg border p-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-start">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="truncate font-medium" title={item.name}>
            {item.name}
          </p>
          <p className="text-sm text-muted-foreground">
            {formatBytes(item.size)} · {item.type || t("unknownType")}
            {needsResumable(item.size) && ` · ${t("resumable")}`}
          </p>
          <p
            className={cn("text-sm", item.status === "error" ? "text-destructive" : "text-muted-foreground")}
            role={item.status === "error" ? "alert" : undefined}
          >
            {statusText(item, t)}
          </p>
        </div>
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
