import { type FormEvent, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { userMessage } from "@/lib/api";
import { useDeleteAccount } from "../api/settings-api";

/** Deletion needs the username typed by hand, so a stray click or a shared screen cannot trigger it. */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  username,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  username: string;
}) {
  const t = useTranslations("settings.deleteAccount");
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const matches = typed === username;

  const close = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) {
      setTyped("");
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    setError(null);
    try {
      await remove.mutateAsync(typed);
      toast({
        title: t("deleted"),
        description: t("deletedBody"),
      });
    } catch (failure) {
      setError(userMessage(failure, t("failed")));
    }
  };

  return (
    <Dialog open={open} onOpenChange={close} title={t("title")} description={t("description")}>
      <form noValidate onSubmit={submit} className="space-y-4">
        {error && <FormError message={error} />}
        <Field
          label={t("confirm", { username })}
          name="confirm"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={remove.isPending}>
            {t("cancel")}
          </Button>
          <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
            {remove.isPending && <ButtonSpinner />}
            {remove.isPending ? t("deleting") : t("title")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
