import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ButtonSpinner } from "@/components/ui/spinner";
import { useDeleteTranscription } from "@/entities/transcription/transcriptions-api";

interface DeleteDialogProps {
  transcriptionId: string | null;
  onOpenChange: (open: boolean) => void;
  /** After a successful delete (the detail screen leaves for the list). */
  onDeleted?: () => void;
}

/** The delete dialog. Cancel comes first, so it is where focus lands. */
export function DeleteDialog({ transcriptionId, onOpenChange, onDeleted }: DeleteDialogProps) {
  const remove = useDeleteTranscription();
  return (
    <Dialog
      open={transcriptionId !== null}
      onOpenChange={onOpenChange}
      title="Are you sure?"
      description="This will permanently delete this transcription and all associated data. This action cannot be undone."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              transcriptionId &&
              remove.mutate(transcriptionId, {
                onSuccess: () => {
                  onOpenChange(false);
                  onDeleted?.();
                },
              })
            }
          >
            {remove.isPending && <ButtonSpinner />}
            Delete
          </Button>
        </>
      }
    />
  );
}
