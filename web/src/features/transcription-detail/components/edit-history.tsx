import { useTranslations } from "use-intl";
import { useDateTimeFormat } from "@/entities/user/use-user-time";
import { formatRelative } from "@/lib/format";
import { useTranscriptVersions } from "../api/editor-api";

/**
 * Who last changed the transcript ("Edited by Dana, 2 minutes ago"), and the history of saved versions with who saved
 * each. Nothing while the transcript was only ever made by speech recognition.
 */
export function EditHistory({ transcriptionId, enabled }: { transcriptionId: string; enabled: boolean }) {
  const t = useTranslations("detail.history");
  const versions = useTranscriptVersions(transcriptionId, enabled);
  const { dateTime } = useDateTimeFormat();
  const list = versions.data?.versions ?? [];
  const latest = list[0];
  if (!latest?.author) return null;
  return (
    <details className="text-sm text-muted-foreground">
      <summary className="cursor-pointer">
        {t("editedBy", { name: latest.author.name, when: formatRelative(latest.created_at) })}
      </summary>
      <ol className="mt-2 space-y-1" aria-label={t("label")}>
        {list.map((v) => (
          <li key={v.version}>
            {t("version", { version: v.version })} · {t(`kind.${v.kind}`)} · {v.author?.name ?? t("machine")} ·{" "}
            <time dateTime={v.created_at}>{dateTime(v.created_at)}</time>
          </li>
        ))}
      </ol>
    </details>
  );
}
