import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

interface VersionConflictDialogProps {
  /** The version saved elsewhere, or null when there is no conflict. */
  currentVersion: number | null;
  onReload: () => void;
  onKeep: () => void;
}

/** A save refused with 409: nothing was overwritten; the user chooses to load the other version or keep editing. */
export function VersionConflictDialog({ currentVersion, onReload, onKeep }: VersionConflictDialogProps) {
  const t = useTranslations("editor.conflict");
  return (
    <Dialog
      open={currentVersion !== null}
      onOpenChange={(open) => {
        if (!open) onKeep();
      }}
      title={t("title")}
      description={t("description", { version: currentVersion ?? 0 })}
      footer={
        <>
          <Button type="button" variant="outline" onClick={onKeep}>
            {t("keep")}
          </Button>
          <Button type="button" onClick={onReload}>
            {t("reload")}
          </Button>
        </>
      }
    >
      <p className="text-sm">{t("body")}</p>
    </Dialog>
  );
}
