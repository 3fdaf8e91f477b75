import type { Transcription } from "@verbatim/shared/transcription";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-error";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { SpaceSelect } from "@/entities/workspace/components/space-select";
import type { SpaceId } from "@/entities/workspace/current-space";
import { useUploadSpaces } from "@/entities/workspace/upload-spaces";
import { userMessage } from "@/lib/api";
import { useMoveTranscription } from "../api/move-api";

interface MoveDialogProps {
  transcription: Transcription;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Move to…": another space the caller may upload into (the server also checks they may take it out of this one). */
export function MoveDialog({ transcription, open, onOpenChange }: MoveDialogProps) {
  const t = useTranslations("detail.move");
  const tw = useTranslations("workspaces");
  const here = transcription.workspace_id ?? null;
  const targets = useUploadSpaces().filter((space) => space.id !== here);
  const [chosen, setChosen] = useState<SpaceId | undefined>(undefined);
  const target = chosen !== undefined && targets.some((s) => s.id === chosen) ? chosen : targets[0]?.id;
  const move = useMoveTranscription(transcription.id);

  const close = (next: boolean) => {
    if (!next) move.reset();
    onOpenChange(next);
  };
  const submit = () => {
    if (target === undefined) return;
    const name = targets.find((s) => s.id === target)?.name ?? tw("personal");
    move.mutate(target, {
      onSuccess: () => {
        toast({ title: t("moved", { space: name }) });
        close(false);
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("title")}
      description={t("description")}
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)}>
            {t("cancel")}
          </Button>
          <Button disabled={target === undefined || move.isPending} onClick={submit}>
            {move.isPending && <ButtonSpinner />}
            {t("submit")}
          </Button>
        </>
      }
    >
      {move.isError && <FormError message={userMessage(move.error, t("failed"))} />}
      {target === undefined ? (
        <p className="text-sm text-muted-foreground">{t("nowhere")}</p>
      ) : (
        <SpaceSelect label={t("to")} spaces={targets} value={target} onValueChange={setChosen} />
      )}
    </Dialog>
  );
}
