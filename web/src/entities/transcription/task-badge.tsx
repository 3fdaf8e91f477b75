import type { Transcription } from "@verbatim/shared/transcription";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";

/** Says when the text is Whisper's English translation of the recording (asked for through /v1/audio/translations). */
export function TaskBadge({ task }: { task: Transcription["task"] }) {
  const t = useTranslations("status");
  return task === "translate" ? <Badge>{t("translated")}</Badge> : null;
}
