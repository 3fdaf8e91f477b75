import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button, buttonVariants } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ButtonSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import type { DateTimeFormat } from "@/entities/user/use-user-time";
import { userMessage } from "@/lib/api";
import { useTranscribeRecording } from "../api/meetings-api";
import { formatDayHeading, sameDay } from "../lib/dates";
import { type CalendarEvent, meetCode } from "../lib/meetings";

/** The meeting details dialog. */
export function MeetingDetailsDialog({
  event,
  format,
  onClose,
}: {
  event: CalendarEvent | null;
  format: DateTimeFormat;
  onClose: () => void;
}) {
  const t = useTranslations("calendar");
  return (
    <Dialog
      open={event !== null}
      onOpenChange={(open) => !open && onClose()}
      title={event?.title ?? ""}
      description={event ? when(event, format, t) : undefined}
    >
      {event && <Details event={event} />}
    </Dialog>
  );
}

function when(event: CalendarEvent, format: DateTimeFormat, t: ReturnType<typeof useTranslations<"calendar">>) {
  const { timeZone } = format;
  const day = formatDayHeading(event.start, timeZone);
  if (event.allDay) return t("whenAllDay", { day });
  const start = format.time(event.start);
  const end = format.time(event.end);
  return sameDay(event.start, event.end, timeZone)
    ? t("whenSameDay", { day, start, end })
    : t("whenAcrossDays", { day, start, endDay: formatDayHeading(event.end, timeZone), end });
}

function Details({ event }: { event: CalendarEvent }) {
  const t = useTranslations("calendar.details");
  const [copied, setCopied] = useState(false);
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ variant: "destructive", title: t("copyFailed") });
    }
  };

  return (
    <div className="space-y-4 text-sm">
      {event.meetLink && (
        <div className="space-y-2">
          <div className="flex flex-col gap-2 md:flex-row md:items-center">
            <a
              href={event.meetLink}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ className: "w-full md:w-auto" })}
            >
              {t("join")}
              <span className="sr-only"> {t("newTab")}</span>
            </a>
            <Button variant="outline" onClick={() => void copy(event.meetLink as string)} className="w-full md:w-auto">
              {copied ? t("copied") : t("copyLink")}
            </Button>
          </div>
          <p className="text-muted-foreground">
            {t.rich("code", {
              code: meetCode(event.meetLink),
              mono: (chunks) => <span className="font-mono text-foreground">{chunks}</span>,
            })}
          </p>
        </div>
      )}
      {event.phones.length > 0 && (
        <div>
          <h3 className="font-medium">{t("phone")}</h3>
          <ul className="mt-1 space-y-1 text-muted-foreground">
            {event.phones.map((phone) => (
              <li key={phone.label}>
                {phone.label}
                {phone.pin && <> · {t("pin", { pin: phone.pin })}</>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {event.location && (
        <div>
          <h3 className="font-medium">{t("location")}</h3>
          <p className="text-muted-foreground">{event.location}</p>
        </div>
      )}
      {event.description && (
        <div>
          <h3 className="font-medium">{t("description")}</h3>
          <p className="whitespace-pre-line text-muted-foreground">{event.description}</p>
        </div>
      )}
      <Recording event={event} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t("reminder")}</dt>
        <dd className="text-muted-foreground">{t("reminderValue", { minutes: 10 })}</dd>
        <dt className="font-medium">{t("organizer")}</dt>
        <dd className="text-muted-foreground">{event.organizer}</dd>
      </dl>
      <p aria-live="polite" className="sr-only">
        {copied ? t("linkCopied") : ""}
      </p>
    </div>
  );
}

/** A past meeting's Meet recording: transcribe it, or open the transcript made from it. */
function Recording({ event }: { event: CalendarEvent }) {
  const t = useTranslations("calendar.details");
  const navigate = useNavigate();
  const transcribe = useTranscribeRecording();
  if (event.transcriptionId) {
    return (
      <Link
        to="/transcription/$id"
        params={{ id: event.transcriptionId }}
        className={buttonVariants({ variant: "outline", className: "w-full md:w-auto" })}
      >
        {t("openTranscript")}
      </Link>
    );
  }
  if (!event.hasRecording || event.end > new Date()) return null;
  const start = () =>
    transcribe.mutate(event.id, {
      onSuccess: (result) => {
        if ("authorizeUrl" in result) window.location.assign(result.authorizeUrl);
        else void navigate({ to: "/transcription/$id", params: { id: result.transcriptionId } });
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t("transcribeFailed"),
          description: userMessage(error, t("somethingWentWrong")),
        }),
    });
  return (
    <div className="space-y-1">
      <Button onClick={start} disabled={transcribe.isPending} className="w-full md:w-auto">
        {transcribe.isPending && <ButtonSpinner />}
        {t("transcribe")}
      </Button>
      <p className="text-muted-foreground">{t("transcribeHint")}</p>
    </div>
  );
}
