import { AI_LANGUAGES, AI_MODEL_LABELS, AI_MODELS, type AiPreferences } from "@verbatim/shared/preferences";
import { Switch } from "@/components/ui/switch";
import { SectionForm, useSectionDraft } from "./section-form";
import { SelectField } from "./select-field";

type AiSwitch = "topicDetection" | "actionItemsExtraction" | "summaryGeneration" | "speakerIdentification";
const SWITCHES: ReadonlyArray<{ field: AiSwitch; label: string; description: string }> = [
  { field: "topicDetection", label: "Topic detection", description: "Find the main topics of each recording." },
  {
    field: "actionItemsExtraction",
    label: "Action items extraction",
    description: "List the tasks and follow-ups agreed on.",
  },
  { field: "summaryGeneration", label: "Summary generation", description: "Write a summary of every transcription." },
  {
    field: "speakerIdentification",
    label: "Speaker identification",
    description: "Tell the speakers apart in transcripts.",
  },
];

const MODEL_OPTIONS = AI_MODELS.map((value) => ({ value, label: AI_MODEL_LABELS[value] }));
const LANGUAGE_OPTIONS = AI_LANGUAGES.map((value) => ({ value, label: value }));

export function AiTab({ saved }: { saved: AiPreferences }) {
  const { draft, set, save, saving } = useSectionDraft("ai", saved, "AI Assistant settings saved");
  return (
    <SectionForm
      title="AI Assistant"
      description="How summaries, key points and analysis are produced for new transcriptions."
      saving={saving}
      onSave={save}
    >
      <div className="grid gap-6 md:grid-cols-2">
        <SelectField
          label="Default model"
          value={draft.defaultModel}
          onChange={(v) => set("defaultModel", v)}
          options={MODEL_OPTIONS}
        />
        <SelectField
          label="Preferred language"
          value={draft.preferredLanguage}
          onChange={(v) => set("preferredLanguage", v)}
          options={LANGUAGE_OPTIONS}
          hint="The language summaries and analysis are written in."
        />
      </div>
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
