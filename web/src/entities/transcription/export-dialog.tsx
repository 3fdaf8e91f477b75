import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { userMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { EXPORT_MENU, type ExportFormat, FORMAT_LABELS } from "./export";

interface ExportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Fetches and saves the file; rejects on failure. */
  onExport: (format: ExportFormat) => Promise<void>;
  /** Overrides the description, e.g. for a bulk export. */
  description?: string;
}

/**
 * The one export dialog (dashboard and transcript page): every format the API renders, TXT by default.
 */
export function ExportDialog({ open, onOpenChange, onExport, description }: ExportDialogProps) {
  const t = useTranslations("export");
  const [format, setFormat] = useState<ExportFormat>("txt");
  const [pending, setPending] = useState(false);
  const groupName = useId();

  const download = async () => {
    setPending(true);
    try {
      await onExport(format);
      toast({
        title: t("started"),
        description: t("startedBody", { format: FORMAT_LABELS[format] }),
      });
      onOpenChange(false);
    } catch (error) {
      toast({
        variant: "destructive",
        title: t("failed"),
        description: userMessage(error, t("failedBody")),
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("title")}
      description={description ?? t("description")}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("cancel")}
          </Button>
          <Button onClick={download} disabled={pending}>
            {pending && <ButtonSpinner />}
            {pending ? t("preparing") : t("download")}
          </Button>
        </>
      }
    >
      <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <legend className="sr-only">{t("fileFormat")}</legend>
        {EXPORT_MENU.map((f) => (
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
              <span className="block font-medium">{FORMAT_LABELS[f]}</span>
              <span className="block text-xs text-muted-foreground">{t(`formats.${f}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
