import type { NotificationPreferences } from "@verbatim/shared/preferences";
import { useTranslations } from "use-intl";
import { Switch } from "@/components/ui/switch";
import { SectionForm, useSectionDraft } from "./section-form";

/** Each switch's label and description are settings.notifications.<field> and <field>Hint. */
const SWITCHES: ReadonlyArray<keyof NotificationPreferences> = [
  "emailTranscriptionComplete",
  "emailNewFeatures",
  "emailAccountActivity",
  "browserNotifications",
];

export function NotificationsTab({ saved }: { saved: NotificationPreferences }) {
  const t = useTranslations("settings.notifications");
  const { draft, set, save, saving } = useSectionDraft("notifications", saved);
  return (
    <SectionForm title={t("title")} description={t("description")} saving={saving} onSave={save}>
      {SWITCHES.map((field) => (
        <Switch
          key={field}
          label={t(field)}
          description={t(`${field}Hint`)}
          checked={draft[field]}
          onCheckedChange={(v) => set(field, v)}
        />
      ))}
    </SectionForm>
  );
}
