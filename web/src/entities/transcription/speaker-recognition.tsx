import { SPEAKER_COUNT } from "@verbatim/shared/speakers";
import { useId } from "react";
import { useTranslations } from "use-intl";
import { Checkbox } from "@/components/ui/checkbox";
import { Select } from "@/components/ui/select";
import type { SpeakerChoice } from "./speaker-choice";

/** The counts the API accepts. */
const COUNTS = Array.from({ length: SPEAKER_COUNT.max - SPEAKER_COUNT.min + 1 }, (_, i) => SPEAKER_COUNT.min + i);

/**
 * "Speaker recognition" with its optional number of speakers, the same on the upload screen, in Settings and
 * in the reprocess dialog.
 */
export function SpeakerRecognitionField({
  value,
  onChange,
  disabled,
}: {
  value: SpeakerChoice;
  onChange: (next: SpeakerChoice) => void;
  disabled?: boolean;
}) {
  const t = useTranslations("speakerRecognition");
  const checkId = useId();
  const countId = useId();
  return (
    <div className="space-y-3 rounded-md border p-3 text-sm">
      <label htmlFor={checkId} className="flex items-start gap-3">
        <Checkbox
          id={checkId}
          className="mt-0.5"
          checked={value.diarize}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, diarize: e.target.checked })}
        />
        <span>
          <span className="block font-medium">{t("label")}</span>
          <span className="block text-muted-foreground">{t("description")}</span>
        </span>
      </label>
      {value.diarize && (
        <div className="space-y-1.5 pl-7">
          <label htmlFor={countId} className="block font-medium">
            {t("count")}
          </label>
          <Select
            id={countId}
            value={value.numSpeakers === null ? "" : String(value.numSpeakers)}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, numSpeakers: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t("detect")}</option>
            {COUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </div>
      )}
    </div>
  );
}
