import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { userMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { type ExportFormat, FORMAT_LABELS } from "./export";

interface ExportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  formats: readonly ExportFormat[];
  /** Fetches and saves the file; rejects on failure. */
  onExport: (format: ExportFormat) => Promise<void>;
  /** Overrides the description, e.g. for a bulk export. */
  description?: string;
}

/** The export dialog: pick a format, download. TXT is the default format. */
export function ExportDialog({ open, onOpenChange, formats, onExport, description }: ExportDialogProps) {
  const [format, setFormat] = useState<ExportFormat>("txt");
  const [pending, setPending] = useState(false);
  const groupName = useId();

  const download = async () => {
    setPending(true);
    try {
      await onExport(format);
      toast({
        title: "Download Started",
        description: `Your transcription is being downloaded as ${format.toUpperCase()}`,
      });
      onOpenChange(false);
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Download failed",
        description: userMessage(error, "Could not download the transcription"),
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Export Options"
      description={description ?? "Choose a file format to download your transcription."}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={download} disabled={pending}>
            {pending && <ButtonSpinner />}
            {pending ? "Preparing..." : "Download"}
          </Button>
        </>
      }
    >
      <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <legend className="sr-only">File format</legend>
        {formats.map((f) => (
          <label
            key={f}
            className={cn(
              "flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              format === f ? "border-primary bg-accent" : "hover:bg-muted",
            )}
          >
            <input
              type="radio"
              name={groupName}
              value={f}
              checked={format === f}
              onChange={() => setFormat(f)}
              className="accent-primary"
            />
            <span>
              <span className="block font-medium">{FORMAT_LABELS[f].label}</span>
              <span className="block text-xs text-muted-foreground">{FORMAT_LABELS[f].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
