import type { NotificationPreferences } from "@verbatim/shared/preferences";
import { useTranslations } from "use-intl";
import { Switch } from "@/components/ui/switch";
import { BrowserNotificationsSwitch } from "./browser-notifications-switch";
import { SectionForm, useSectionDraft } from "./section-form";

/**
 * Each switch's label and description are settings.notifications.<field> and <field>Hint. Browser notifications
 * have their own switch: it subscribes this browser and saves at once (browser-notifications-switch.tsx).
 */
const SWITCHES: ReadonlyArray<Exclude<keyof NotificationPreferences, "browserNotifications">> = [
  "emailTranscriptionComplete",
  "emailNewFeatures",
  "emailAccountActivity",
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
      <BrowserNotificationsSwitch
        preference={draft.browserNotifications}
        onPreferenceSaved={(on) => set("browserNotifications", on)}
      />
    </SectionForm>
  );
}
