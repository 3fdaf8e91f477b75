import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ButtonSpinner } from "@/components/ui/spinner";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirm: string;
  pending: boolean;
  onConfirm: () => void;
}

/** Asks before a change that cannot be undone from here (delete, leave, transfer). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirm,
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  const t = useTranslations("workspaces");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("cancel")}
          </Button>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending && <ButtonSpinner />}
            {confirm}
          </Button>
        </>
      }
    />
  );
}
