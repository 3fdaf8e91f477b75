import {
  AI_LANGUAGES,
  AI_MODEL_LABELS,
  AI_MODELS,
  AI_SWITCHES,
  type AiPreferences,
  type AiSwitch,
} from "@verbatim/shared/preferences";
import { useLocale, useTranslations } from "use-intl";
import { Switch } from "@/components/ui/switch";
import { useAnalysisCapabilities } from "../api/settings-api";
import { SectionForm, useSectionDraft } from "./section-form";
import { SelectField } from "./select-field";

/** Each switch's label and description are settings.ai.<field> and <field>Hint. */
const SWITCHES: ReadonlyArray<AiSwitch> = AI_SWITCHES;

const MODEL_OPTIONS = AI_MODELS.map((value) => ({ value, label: AI_MODEL_LABELS[value] }));
/** The saved values are English names; each is shown in the interface's language ("Deutsch" → "alemán"). */
const AI_LANGUAGE_CODES: Record<(typeof AI_LANGUAGES)[number], string> = {
  English: "en",
  Spanish: "es",
  French: "fr",
  German: "de",
  Swedish: "sv",
};

export function AiTab({ saved }: { saved: AiPreferences }) {
  const t = useTranslations("settings.ai");
  const locale = useLocale();
  const { draft, set, save, saving } = useSectionDraft("ai", saved);
  const names = new Intl.DisplayNames([locale], { type: "language" });
  const languageName = (value: (typeof AI_LANGUAGES)[number]) => {
    const name = names.of(AI_LANGUAGE_CODES[value]) ?? value;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  };
  const languageOptions = AI_LANGUAGES.map((value) => ({ value, label: languageName(value) }));
  // What the server's engine cannot apply is said next to the control (nothing while it is not known).
  const can = useAnalysisCapabilities().data;
  const list = new Intl.ListFormat(locale, { type: "disjunction" });
  const languageNote =
    can && !can.languages.includes(draft.preferredLanguage)
      ? t("languageUnsupported", { languages: list.format(can.languages.map(languageName)) })
      : null;
  const modelNote = can && !can.models.includes(draft.defaultModel) ? t("modelFixed") : null;
  const note = (text: string | null) =>
    text && (
      <span role="note" className="block text-amber-700 dark:text-amber-400">
        {text}
      </span>
    );
  return (
    <SectionForm title={t("title")} description={t("description")} saving={saving} onSave={save}>
      {/* The server's reason is its operator's words, in English; the sentence around it is translated. */}
      {can?.fallback && note(t("engineFallback", { reason: can.fallback }))}
      <div className="grid gap-6 md:grid-cols-2">
        <SelectField
          label={t("model")}
          value={draft.defaultModel}
          onChange={(v) => set("defaultModel", v)}
          options={MODEL_OPTIONS}
          hint={note(modelNote)}
        />
        <SelectField
          label={t("language")}
          value={draft.preferredLanguage}
          onChange={(v) => set("preferredLanguage", v)}
          options={languageOptions}
          hint={
            <>
              {t("languageHint")}
              {note(languageNote)}
            </>
          }
        />
      </div>
      {SWITCHES.map((field) => (
        <Switch
          key={field}
          label={t(field)}
          description={
            can && !can.switches.includes(field) ? `${t(`${field}Hint`)} ${t("switchUnsupported")}` : t(`${field}Hint`)
          }
          checked={draft[field]}
          onCheckedChange={(v) => set(field, v)}
        />
      ))}
    </SectionForm>
  );
}
