import {
  DATE_FORMATS,
  type DateFormat,
  TIMEZONE_OPTIONS,
  type TimeFormat,
  type TimezonePreferences,
} from "@verbatim/shared/preferences";
import { useMemo } from "react";
import { useTranslations } from "use-intl";
import { Switch } from "@/components/ui/switch";
import { gmtOffsetLabel } from "@/entities/user/use-user-time";
import { browserTimeZone, formatDate, formatTime } from "../lib/datetime";
import { SectionForm, useSectionDraft } from "./section-form";
import { SelectField } from "./select-field";

export function TimezoneTab({ saved }: { saved: TimezonePreferences }) {
  const t = useTranslations("settings.timezone");
  const { draft, set, save, saving } = useSectionDraft("timezone", saved);
  const now = useMemo(() => new Date(), []);
  const detected = browserTimeZone();

  // The spec's five zones, plus the saved or detected one when it is another (it was saved elsewhere, or the
  // device is somewhere else), so the select never shows a value it does not list.
  const zoneOptions = useMemo(() => {
    const zones = new Set<string>([...TIMEZONE_OPTIONS, saved.timezone, detected]);
    return [...zones].map((zone) => ({
      value: zone,
      label: `${zone.replaceAll("_", " ")} (${gmtOffsetLabel(zone, now)})`,
    }));
  }, [saved.timezone, detected, now]);

  const shownZone = draft.autoDetect ? detected : draft.timezone;
  const dateOptions = DATE_FORMATS.map((f) => ({ value: f, label: `${f} (${formatDate(now, f, shownZone)})` }));
  const timeOptions: ReadonlyArray<{ value: TimeFormat; label: string }> = [
    { value: "12h", label: t("clock12", { example: formatTime(now, "12h", shownZone) }) },
    { value: "24h", label: t("clock24", { example: formatTime(now, "24h", shownZone) }) },
  ];

  return (
    <SectionForm title={t("title")} description={t("description")} saving={saving} onSave={save}>
      <Switch
        label={t("autoDetect")}
        description={t("autoDetectHint", { zone: detected.replaceAll("_", " ") })}
        checked={draft.autoDetect}
        onCheckedChange={(v) => set("autoDetect", v)}
      />
      <SelectField
        label={t("zone")}
        value={shownZone}
        onChange={(v) => set("timezone", v)}
        options={zoneOptions}
        disabled={draft.autoDetect}
        hint={draft.autoDetect ? t("zoneHint") : undefined}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <SelectField<DateFormat>
          label={t("dateFormat")}
          value={draft.dateFormat}
          onChange={(v) => set("dateFormat", v)}
          options={dateOptions}
        />
        <SelectField<TimeFormat>
          label={t("timeFormat")}
          value={draft.timeFormat}
          onChange={(v) => set("timeFormat", v)}
          options={timeOptions}
        />
      </div>
      <p className="rounded-md bg-muted px-3 py-2 text-sm" aria-live="polite">
        {t("now", {
          date: formatDate(now, draft.dateFormat, shownZone),
          time: formatTime(now, draft.timeFormat, shownZone),
          offset: gmtOffsetLabel(shownZone, now),
        })}
      </p>
    </SectionForm>
  );
}
