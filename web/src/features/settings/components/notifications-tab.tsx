import type { NotificationPreferences } from "@verbatim/shared/preferences";
import { Switch } from "@/components/ui/switch";
import { SectionForm, useSectionDraft } from "./section-form";

const SWITCHES: ReadonlyArray<{ field: keyof NotificationPreferences; label: string; description: string }> = [
  {
    field: "emailTranscriptionComplete",
    label: "Transcription complete",
    description: "Email me when a transcription has finished processing.",
  },
  { field: "emailNewFeatures", label: "New features", description: "Email me about new features and improvements." },
  {
    field: "emailAccountActivity",
    label: "Account activity",
    description: "Email me about sign-ins, password changes and billing.",
  },
  {
    field: "browserNotifications",
    label: "Browser notifications",
    description: "Show notifications in this browser while Verbatim is open.",
  },
];

export function NotificationsTab({ saved }: { saved: NotificationPreferences }) {
  const { draft, set, save, saving } = useSectionDraft("notifications", saved, "Notification settings saved");
  return (
    <SectionForm
      title="Notifications"
      description="Choose what Verbatim tells you about."
      saving={saving}
      onSave={save}
    >
      {SWITCHES.map((s) => (
        <Switch
          key={s.field}
          label={s.label}
          description={s.description}
          checked={draft[s.field]}
          onCheckedChange={(v) => set(s.field, v)}
        />
      ))}
    </SectionForm>
  );
}
