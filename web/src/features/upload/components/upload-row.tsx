import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/cn";
import { formatBytes } from "@/lib/format";
import { isSending, type UploadItem } from "../lib/upload-store";
import { needsResumable } from "../lib/validation";

function statusText(item: UploadItem) {
  switch (item.status) {
    case "idle":
      return "Ready to upload";
    case "queued":
      return "Queued: uploads when you're back online";
    case "waiting":
      return "Waiting...";
    case "preparing":
      return "Preparing...";
    case "compressing":
      return `Compressing audio... ${Math.floor(item.progress)}%`;
    case "uploading":
      return `Uploading... ${Math.floor(item.progress)}%`;
    case "processing":
      return "Uploaded. Transcription in progress";
    case "error":
      return item.error ?? "Failed to upload file. Please try again.";
  }
}

interface UploadRowProps {
  item: UploadItem;
  onRemove: () => void;
  onAbort: () => void;
}

export function UploadRow({ item, onRemove, onAbort }: UploadRowProps) {
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
            {formatBytes(item.size)} · {item.type || "Unknown type"}
            {needsResumable(item.size) && " · resumable upload"}
          </p>
          <p
            className={cn("text-sm", item.status === "error" ? "text-destructive" : "text-muted-foreground")}
            role={item.status === "error" ? "alert" : undefined}
          >
            {statusText(item)}
          </p>
        </div>
        {(item.status === "idle" || item.status === "queued" || item.status === "error") && (
          <Button variant="outline" size="sm" onClick={onRemove} aria-label={`Remove ${item.name}`}>
            Remove
          </Button>
        )}
        {sending && (
          <Button variant="outline" size="sm" onClick={onAbort} aria-label={`Stop uploading ${item.name}`}>
            Stop
          </Button>
        )}
      </div>
      {showBar && (
        <Progress
          className="mt-3"
          value={item.progress}
          label={
            item.status === "compressing" ? `Compression progress of ${item.name}` : `Upload progress of ${item.name}`
          }
        />
      )}
    </li>
  );
}
