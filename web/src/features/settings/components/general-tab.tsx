import { type GeneralPreferences, LANGUAGE_LABELS, LANGUAGES, type Theme } from "@verbatim/shared/preferences";
import { useEffect } from "react";
import { useTranslations } from "use-intl";
import { Switch } from "@/components/ui/switch";
import { SpeakerRecognitionField } from "@/entities/transcription/speaker-recognition";
import { applyUserLocale } from "@/entities/user/locale-sync";
import { applyTheme, previewTheme, restoreTheme } from "../lib/theme";
import { SectionForm, useSectionDraft } from "./section-form";
import { SelectField } from "./select-field";

const THEMES: readonly Theme[] = ["light", "dark", "system"];
/** Each language in its own name ("Deutsch"), as language pickers do, so anyone finds theirs. */
const LANGUAGE_OPTIONS = LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }));

export function GeneralTab({ saved }: { saved: GeneralPreferences }) {
  const t = useTranslations("settings.general");
  // A new language applies as soon as it is saved (LocaleSync would follow the saved preferences too, later).
  const { draft, set, save, saving } = useSectionDraft("general", saved, (result) =>
    applyUserLocale(result.general.language),
  );
  const themeOptions = THEMES.map((value) => ({ value, label: t(`themes.${value}`) }));

  // A theme shows as soon as it is picked; leaving without saving puts the kept one back.
  useEffect(() => restoreTheme, []);

  const chooseTheme = (theme: Theme) => {
    set("theme", theme);
    previewTheme(theme);
  };

  return (
    <SectionForm
      title={t("title")}
      description={t("description")}
      saving={saving}
      onSave={async () => {
        const result = await save();
        if (result) applyTheme(result.general.theme);
      }}
    >
      <div className="grid gap-6 md:grid-cols-2">
        <SelectField
          label={t("theme")}
          value={draft.theme}
          onChange={chooseTheme}
          options={themeOptions}
          hint={t("themeHint")}
        />
        <SelectField
          label={t("language")}
          value={draft.language}
          onChange={(v) => set("language", v)}
          options={LANGUAGE_OPTIONS}
        />
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium">{t("uploads")}</p>
        <p className="text-sm text-muted-foreground">{t("uploadsHint")}</p>
        <SpeakerRecognitionField
          value={{ diarize: draft.speakerRecognition, numSpeakers: draft.speakerCount }}
          onChange={(next) => {
            set("speakerRecognition", next.diarize);
            set("speakerCount", next.numSpeakers);
          }}
        />
      </div>
      <Switch
        label={t("autoSave")}
        description={t("autoSaveHint")}
        checked={draft.autoSave}
        onCheckedChange={(v) => set("autoSave", v)}
      />
      <Switch
        label={t("analytics")}
        description={t("analyticsHint")}
        checked={draft.analytics}
        onCheckedChange={(v) => set("analytics", v)}
      />
    </SectionForm>
  );
}
