import { speakerLabel } from "@verbatim/shared/speakers";
import type { Speaker } from "@verbatim/shared/transcript";
import { useTranslations } from "use-intl";
import { speakerColor } from "@/entities/transcription/speakers";
import { formatClock } from "@/lib/format";
import type { SpeakerStats } from "../lib/speaker-stats";

/** Details: who spoke how long and how often, by the names the user gave (a rename shows here at once). */
export function SpeakerTalkTime({ stats, speakers }: { stats: SpeakerStats[]; speakers: Speaker[] }) {
  const t = useTranslations("detail.talkTime");
  return (
    <section className="space-y-3">
      <h3 className="font-semibold">{t("title")}</h3>
      <div className="overflow-x-auto">
        <table className="w-full text-left" aria-label={t("label")}>
          <thead className="text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="py-2 pr-4">
                {t("speaker")}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t("talkTime")}
              </th>
              <th scope="col" className="py-2">
                {t("turns")}
              </th>
            </tr>
          </thead>
          <tbody>
            {stats.map((s) => {
              const percent = Math.round(s.share * 100);
              return (
                <tr key={s.speaker} className="border-t">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    <span
                      aria-hidden="true"
                      className="mr-2 inline-block size-2.5 rounded-full align-middle"
                      style={{ backgroundColor: speakerColor(speakers, s.speaker) }}
                    />
                    {speakerLabel(speakers, s.speaker)}
                  </th>
                  <td className="py-2 pr-4 tabular-nums">
                    <span className="flex items-center gap-3">
                      <span className="w-14">{formatClock(s.seconds)}</span>
                      <span className="w-10 text-muted-foreground">{t("percent", { value: percent / 100 })}</span>
                      <span
                        aria-hidden="true"
                        className="hidden h-2 w-32 overflow-hidden rounded-full bg-muted sm:block"
                      >
                        <span
                          className="block h-full"
                          style={{ width: `${percent}%`, backgroundColor: speakerColor(speakers, s.speaker) }}
                        />
                      </span>
                    </span>
                  </td>
                  <td className="py-2 tabular-nums">{s.turns}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
