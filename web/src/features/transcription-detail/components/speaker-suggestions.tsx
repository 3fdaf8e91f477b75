import { speakerLabel } from "@verbatim/shared/speakers";
import type { Speaker } from "@verbatim/shared/transcript";
import type { SpeakerSuggestion } from "@verbatim/shared/transcript-edit";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { formatClock } from "@/lib/format";

/** Names heard in self-introductions, each with its quote; applied only when the user accepts one. */
export function SpeakerSuggestions({
  suggestions,
  speakers,
  saving,
  onAccept,
  onDismiss,
}: {
  suggestions: SpeakerSuggestion[];
  speakers: Speaker[];
  saving: boolean;
  onAccept: (s: SpeakerSuggestion) => void;
  onDismiss: (s: SpeakerSuggestion) => void;
}) {
  const t = useTranslations("detail.speakers");
  if (suggestions.length === 0) return null;
  return (
    <section aria-label={t("suggested")} className="space-y-2">
      <h3 className="text-sm font-medium">{t("suggested")}</h3>
      <ul className="space-y-2">
        {suggestions.map((s) => {
          const label = speakerLabel(speakers, s.speaker);
          return (
            <li
              key={`${s.speaker}:${s.name}`}
              className="flex flex-col gap-2 rounded-md border p-3 text-sm md:flex-row md:items-center"
            >
              <p className="flex-1">
                {t.rich("mayBe", {
                  speaker: label,
                  name: s.name,
                  b: (chunks) => <span className="font-medium">{chunks}</span>,
                })}
                <span className="block text-muted-foreground">
                  [{formatClock(s.start)}] {t("quote", { quote: s.quote })}
                </span>
              </p>
              <div className="flex gap-2">
                <Button size="sm" disabled={saving} onClick={() => onAccept(s)}>
                  {t("accept", { speaker: label, name: s.name })}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => onDismiss(s)}>
                  {t("dismiss")}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
