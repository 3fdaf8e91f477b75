import { AI_LANGUAGES, AI_MODEL_LABELS, AI_MODELS, type AiPreferences } from "@verbatim/shared/preferences";
import { useLocale, useTranslations } from "use-intl";
import { Switch } from "@/components/ui/switch";
import { SectionForm, useSectionDraft } from "./section-form";
import { SelectField } from "./select-field";

type AiSwitch = "topicDetection" | "actionItemsExtraction" | "summaryGeneration" | "speakerIdentification";
/** Each switch's label and description are settings.ai.<field> and <field>Hint. */
const SWITCHES: ReadonlyArray<AiSwitch> = [
  "topicDetection",
  "actionItemsExtraction",
  "summaryGeneration",
  "speakerIdentification",
];

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
  const languageOptions = AI_LANGUAGES.map((value) => {
    const name = names.of(AI_LANGUAGE_CODES[value]) ?? value;
    return { value, label: name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) };
  });
  return (
    <SectionForm title={t("title")} description={t("description")} saving={saving} onSave={save}>
      <div className="grid gap-6 md:grid-cols-2">
        <SelectField
          label={t("model")}
          value={draft.defaultModel}
          onChange={(v) => set("defaultModel", v)}
          options={MODEL_OPTIONS}
        />
        <SelectField
          label={t("language")}
          value={draft.preferredLanguage}
          onChange={(v) => set("preferredLanguage", v)}
          options={languageOptions}
          hint={t("languageHint")}
        />
      </div>
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
