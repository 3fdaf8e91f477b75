import { TIMEZONE_OPTIONS } from "@verbatim/shared/preferences";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { ButtonSpinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { useSchemaForm } from "@/lib/use-form";
import { meetingsError, useCreateMeeting } from "../api/meetings-api";
import { fromInputValue, nextHalfHour, toInputValue } from "../lib/dates";
import { meetingFormSchema, splitAttendees } from "../lib/meeting-form";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Starts at the next half hour, ends an hour later, in the calendar's time zone (the user's). */
function initialValues(timeZone: string) {
  const start = nextHalfHour(timeZone);
  const end = new Date(start.getTime() + 60 * 60 * 1000);
  return {
    summary: "",
    description: "",
    startTime: toInputValue(start, timeZone),
    endTime: toInputValue(end, timeZone),
    attendees: "",
    timezone: timeZone,
  };
}

export function NewMeetingDialog({
  open,
  onOpenChange,
  timeZone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The zone the calendar shows, which the form starts in. */
  timeZone: string;
}) {
  const t = useTranslations("calendar.newMeeting");
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("title")} description={t("description")}>
      {/* Mounted only while open, so every opening starts from fresh defaults. */}
      {open && <NewMeetingForm timeZone={timeZone} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function NewMeetingForm({ timeZone, onDone }: { timeZone: string; onDone: () => void }) {
  const t = useTranslations("calendar.newMeeting");
  const create = useCreateMeeting();
  const form = useSchemaForm(meetingFormSchema, initialValues(timeZone));
  const [zones] = useState(() => [...new Set([timeZone, browserZone(), ...TIMEZONE_OPTIONS])]);
  const descriptionId = useId();
  const zoneId = useId();

  const submit = form.handleSubmit(async (input) => {
    try {
      const meeting = await create.mutateAsync({
        summary: input.summary,
        description: input.description,
        // The times are read on the clock of the zone chosen beside them, as Google Calendar's own form does.
        startTime: fromInputValue(input.startTime, input.timezone).toISOString(),
        endTime: fromInputValue(input.endTime, input.timezone).toISOString(),
        attendees: splitAttendees(input.attendees),
        timezone: input.timezone,
      });
      const link = meeting.meetLink ?? meeting.hangoutLink;
      toast({
        title: t("created"),
        description: link ? t("createdLink", { link }) : t("createdBody"),
      });
      onDone();
    } catch (error) {
      toast({
        variant: "destructive",
        title: t("failed"),
        description: meetingsError(error) ?? t("failedBody"),
      });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field label={t("fieldTitle")} {...form.field("summary")} />
      <div className="space-y-2">
        <Label htmlFor={descriptionId}>{t("fieldDescription")}</Label>
        <Textarea
          id={descriptionId}
          name="description"
          placeholder={t("optional")}
          value={form.values.description}
          onChange={(e) => form.setValue("description", e.target.value)}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Field label={t("start")} type="datetime-local" {...form.field("startTime")} />
        <Field label={t("end")} type="datetime-local" {...form.field("endTime")} />
      </div>
      <Field
        label={t("attendees")}
        type="text"
        inputMode="email"
        placeholder={t("attendeesPlaceholder")}
        {...form.field("attendees")}
      />
      <div className="space-y-2">
        <Label htmlFor={zoneId}>{t("timezone")}</Label>
        <Select
          id={zoneId}
          name="timezone"
          value={form.values.timezone}
          onChange={(e) => form.setValue("timezone", e.target.value)}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          {t("cancel")}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <ButtonSpinner />}
          {create.isPending ? t("creating") : t("create")}
        </Button>
      </div>
    </form>
  );
}
