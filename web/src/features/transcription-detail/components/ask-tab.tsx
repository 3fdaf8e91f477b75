import { markerTime } from "@verbatim/shared/time-marker";
import { useTranslations } from "use-intl";
import { CITATION_CLASS } from "@/entities/ask/answer-text";
import { AskPanel } from "@/entities/ask/ask-panel";
import { offlinePassages } from "@/entities/ask/offline-passages";
import { useAnswers, useAsk } from "../api/ask-api";
import type { TimedLine } from "../lib/timed-lines";

interface AskTabProps {
  transcriptionId: string;
  /** The transcript as shown (offline, the device library's copy): what an offline answer quotes. */
  lines: TimedLine[];
  onSeek?: ((seconds: number) => void) | undefined;
  online: boolean;
}

/**
 * "Ask this meeting": a question answered from the transcript's own lines with `[mm:ss]` citations that play the
 * recording (as text when there is no recording to play).
 */
export function AskTab({ transcriptionId, lines, onSeek, online }: AskTabProps) {
  const t = useTranslations("detail.ask");
  const tAsk = useTranslations("ask");
  return (
    <AskPanel
      texts={{ label: t("label"), placeholder: t("placeholder"), notFound: t("notFound") }}
      answers={useAnswers(transcriptionId, online)}
      ask={useAsk(transcriptionId)}
      answerOffline={(question) => offlinePassages(lines, question)}
      online={online}
      cite={(seconds) =>
        onSeek && (
          <button
            type="button"
            className={CITATION_CLASS}
            aria-label={tAsk("playAt", { time: markerTime(seconds) })}
            onClick={() => onSeek(seconds)}
          >
            [{markerTime(seconds)}]
          </button>
        )
      }
    />
  );
}
