import { useTranslations } from "use-intl";
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
  const t = useTranslations("transcriptions.deleteDialog");
  const remove = useDeleteTranscription();
  return (
    <Dialog
      open={transcriptionId !== null}
      onOpenChange={onOpenChange}
      title={t("title")}
      description={t("description")}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("cancel")}
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
            {t("delete")}
          </Button>
        </>
      }
    />
  );
}
