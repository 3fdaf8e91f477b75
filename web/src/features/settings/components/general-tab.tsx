import { type GeneralPreferences, LANGUAGE_LABELS, LANGUAGES, type Theme } from "@verbatim/shared/preferences";
import { useEffect } from "react";
import { Switch } from "@/components/ui/switch";
import { SpeakerRecognitionField } from "@/entities/transcription/speaker-recognition";
import { applyTheme, previewTheme, restoreTheme } from "../lib/theme";
import { SectionForm, useSectionDraft } from "./section-form";
import { SelectField } from "./select-field";

const THEME_OPTIONS: ReadonlyArray<{ value: Theme; label: string }> = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "system", label: "System" },
];
const LANGUAGE_OPTIONS = LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }));

export function GeneralTab({ saved }: { saved: GeneralPreferences }) {
  const { draft, set, save, saving } = useSectionDraft("general", saved, "General settings saved");

  // A theme shows as soon as it is picked; leaving without saving puts the kept one back.
  useEffect(() => restoreTheme, []);

  const chooseTheme = (theme: Theme) => {
    set("theme", theme);
    previewTheme(theme);
  };

  return (
    <SectionForm
      title="General"
      description="Appearance, language and how Verbatim handles your transcriptions."
      saving={saving}
      onSave={async () => {
        const result = await save();
        if (result) applyTheme(result.general.theme);
      }}
    >
      <div className="grid gap-6 md:grid-cols-2">
        <SelectField
          label="Theme"
          value={draft.theme}
          onChange={chooseTheme}
          options={THEME_OPTIONS}
          hint="System follows your device's light or dark setting."
        />
        <SelectField
          label="Language"
          value={draft.language}
          onChange={(v) => set("language", v)}
          options={LANGUAGE_OPTIONS}
        />
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium">Uploads</p>
        <p className="text-sm text-muted-foreground">
          The upload screen starts with this choice, and remembers the one you upload with.
        </p>
        <SpeakerRecognitionField
          value={{ diarize: draft.speakerRecognition, numSpeakers: draft.speakerCount }}
          onChange={(next) => {
            set("speakerRecognition", next.diarize);
            set("speakerCount", next.numSpeakers);
          }}
        />
      </div>
      <Switch
        label="Auto-save transcriptions"
        description="Keep changes to transcriptions without asking."
        checked={draft.autoSave}
        onCheckedChange={(v) => set("autoSave", v)}
      />
      <Switch
        label="Allow analytics"
        description="Share anonymous usage data to help improve Verbatim."
        checked={draft.analytics}
        onCheckedChange={(v) => set("analytics", v)}
      />
    </SectionForm>
  );
}
