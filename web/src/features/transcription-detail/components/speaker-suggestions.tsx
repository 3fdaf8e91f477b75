import { speakerLabel } from "@verbatim/shared/speakers";
import type { Speaker } from "@verbatim/shared/transcript";
import type { SpeakerSuggestion } from "@verbatim/shared/transcript-edit";
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
  if (suggestions.length === 0) return null;
  return (
    <section aria-label="Suggested names" className="space-y-2">
      <h3 className="text-sm font-medium">Suggested names</h3>
      <ul className="space-y-2">
        {suggestions.map((s) => {
          const label = speakerLabel(speakers, s.speaker);
          return (
            <li
              key={`${s.speaker}:${s.name}`}
              className="flex flex-col gap-2 rounded-md border p-3 text-sm md:flex-row md:items-center"
            >
              <p className="flex-1">
                <span className="font-medium">{label}</span> may be <span className="font-medium">{s.name}</span>
                <span className="block text-muted-foreground">
                  [{formatClock(s.start)}] “{s.quote}”
                </span>
              </p>
              <div className="flex gap-2">
                <Button size="sm" disabled={saving} onClick={() => onAccept(s)}>
                  Name {label} “{s.name}”
                </Button>
                <Button size="sm" variant="ghost" onClick={() => onDismiss(s)}>
                  Dismiss
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
