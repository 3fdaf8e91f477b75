import type { PreferenceSection, Preferences } from "@verbatim/shared/preferences";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { userMessage } from "@/lib/api";
import { translate } from "@/lib/i18n";
import { useSavePreferences } from "../api/settings-api";

/**
 * A draft of one preferences section, saved as a whole with its tab's Save button. `onSaved` runs before the
 * toast (a new language applies first, so the toast already speaks it).
 */
export function useSectionDraft<K extends PreferenceSection>(
  section: K,
  saved: Preferences[K],
  onSaved?: (result: Preferences) => unknown,
) {
  const [draft, setDraft] = useState<Preferences[K]>(saved);
  const mutation = useSavePreferences();

  const set = <F extends keyof Preferences[K]>(field: F, value: Preferences[K][F]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const save = async (): Promise<Preferences | null> => {
    try {
      const result = await mutation.mutateAsync({ [section]: draft });
      await onSaved?.(result);
      const title = `settings.saved.${section}` as `settings.saved.${PreferenceSection}`;
      toast({ title: translate(title), description: translate("settings.savedBody") });
      return result;
    } catch (error) {
      toast({
        variant: "destructive",
        title: translate("settings.saveFailed"),
        description: userMessage(error, translate("settings.saveFailedBody")),
      });
      return null;
    }
  };

  return { draft, set, save, saving: mutation.isPending };
}

/** The card every preferences tab shares: a title, the fields, and Save (full width on phones). */
export function SectionForm({
  title,
  description,
  onSave,
  saving,
  saveLabel,
  children,
}: {
  title: string;
  description: string;
  onSave: () => unknown;
  saving: boolean;
  saveLabel?: string;
  children: ReactNode;
}) {
  const t = useTranslations("settings");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave();
  };
  return (
    <Card>
      <form onSubmit={submit} aria-label={title} noValidate>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">{children}</CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button type="submit" disabled={saving} className="w-full md:w-auto">
            {saving && <ButtonSpinner />}
            {saving ? t("saving") : (saveLabel ?? t("save"))}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
