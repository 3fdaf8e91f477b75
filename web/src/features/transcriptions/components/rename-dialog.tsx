import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ButtonSpinner } from "@/components/ui/spinner";
import { useRenameTranscription } from "@/entities/transcription/transcriptions-api";

interface RenameDialogProps {
  transcription: { id: string; name: string | null; file_name: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** The rename dialog. */
export function RenameDialog({ transcription, onOpenChange }: RenameDialogProps) {
  const t = useTranslations("transcriptions.renameDialog");
  const [name, setName] = useState("");
  const rename = useRenameTranscription();
  const inputId = useId();

  useEffect(() => {
    if (transcription) setName(transcription.name || transcription.file_name);
  }, [transcription]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!transcription || !name.trim()) return;
    rename.mutate({ id: transcription.id, name: name.trim() }, { onSuccess: () => onOpenChange(false) });
  };

  return (
    <Dialog open={transcription !== null} onOpenChange={onOpenChange} title={t("title")} description={t("description")}>
      <form onSubmit={submit} className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor={inputId}>{t("name")}</Label>
          <Input
            id={inputId}
            value={name}
            maxLength={255}
            placeholder={t("placeholder")}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("cancel")}
          </Button>
          <Button type="submit" disabled={!name.trim() || rename.isPending}>
            {rename.isPending && <ButtonSpinner />}
            {t("save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
