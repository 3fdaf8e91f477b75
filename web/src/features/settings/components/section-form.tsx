import type { PreferenceSection, Preferences } from "@verbatim/shared/preferences";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { userMessage } from "@/lib/api";
import { useSavePreferences } from "../api/settings-api";

/** A draft of one preferences section, saved as a whole with its tab's Save button. */
export function useSectionDraft<K extends PreferenceSection>(section: K, saved: Preferences[K], savedTitle: string) {
  const [draft, setDraft] = useState<Preferences[K]>(saved);
  const mutation = useSavePreferences();

  const set = <F extends keyof Preferences[K]>(field: F, value: Preferences[K][F]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const save = async (): Promise<Preferences | null> => {
    try {
      const result = await mutation.mutateAsync({ [section]: draft });
      toast({ title: savedTitle, description: "Your preferences have been saved." });
      return result;
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Save failed",
        description: userMessage(error, "Could not save your settings"),
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
  saveLabel = "Save",
  children,
}: {
  title: string;
  description: string;
  onSave: () => unknown;
  saving: boolean;
  saveLabel?: string;
  children: ReactNode;
}) {
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
            {saving ? "Saving..." : saveLabel}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
