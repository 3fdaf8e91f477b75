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
  return (
    <Dialog
      open={currentVersion !== null}
      onOpenChange={(open) => {
        if (!open) onKeep();
      }}
      title="The transcript was changed elsewhere"
      description={`Someone saved a newer version (version ${currentVersion ?? ""}) in another tab or session. Your edits were not saved, and nothing was overwritten.`}
      footer={
        <>
          <Button type="button" variant="outline" onClick={onKeep}>
            Keep my edits for now
          </Button>
          <Button type="button" onClick={onReload}>
            Reload the transcript
          </Button>
        </>
      }
    >
      <p className="text-sm">Reloading shows the newer version and discards the edits you have not saved here.</p>
    </Dialog>
  );
}
