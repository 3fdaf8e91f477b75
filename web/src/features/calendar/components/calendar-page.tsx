import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { PlusIcon, SearchIcon } from "@/components/layout/icons";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useGoogleStatus } from "@/entities/google/google-api";
import { useDateTimeFormat } from "@/entities/user/use-user-time";
import { userMessage } from "@/lib/api";
import { meetingsError, useMeetings, useTranscribeRecording } from "../api/meetings-api";
import { type CalendarView, type DisplayMode, LIST_DAYS, rangeLabel, shift, visibleRange } from "../lib/dates";
import { type CalendarEvent, matchesSearch, toEvents } from "../lib/meetings";
import { DayView } from "./day-view";
import { ListView } from "./list-view";
import { MeetingDetailsDialog } from "./meeting-details-dialog";
import { MonthView } from "./month-view";
import { NewMeetingDialog } from "./new-meeting-dialog";
import { WeekView } from "./week-view";

/** The Google sign-in error codes this screen explains itself (calendar.googleErrors). */
const GOOGLE_ERRORS = ["google_auth_failed", "no_matching_account"] as const;
const isGoogleError = (code: string): code is (typeof GOOGLE_ERRORS)[number] =>
  (GOOGLE_ERRORS as readonly string[]).includes(code);

/** /calendar: the meetings calendar (docs/deviations-from-the-spec.md, "The calendar"). */
export function CalendarPage({ error, transcribe }: { error: string | undefined; transcribe?: string }) {
  const t = useTranslations("calendar");
  const navigate = useNavigate();
  const format = useDateTimeFormat();
  const { timeZone } = format;
  const google = useGoogleStatus();
  const [mode, setMode] = useState<DisplayMode>("calendar");
  const [view, setView] = useState<CalendarView>("month");
  const [anchor, setAnchor] = useState(() => new Date());
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  const [creating, setCreating] = useState(false);
  const searchId = useId();

  const today = new Date();
  const range = useMemo(() => visibleRange(mode, view, anchor, timeZone), [mode, view, anchor, timeZone]);
  const meetings = useMeetings(range, google.connected);
  const events = useMemo(
    () => toEvents(meetings.data ?? [], timeZone).filter((e) => matchesSearch(e, search)),
    [meetings.data, search, timeZone],
  );

  // Google's callback lands here with ?error=…; say what happened once, then clean the address.
  useEffect(() => {
    if (!error) return;
    toast({
      variant: "destructive",
      title: isGoogleError(error) ? t(`googleErrors.${error}.title`) : t("authError"),
      description: isGoogleError(error) ? t(`googleErrors.${error}.description`) : t("authErrorBody"),
    });
    void navigate({ to: ".", search: {}, replace: true });
  }, [error, navigate, t]);

  // Back from Google's consent for the recording: start its transcription and open it.
  const transcribeRecording = useTranscribeRecording();
  const transcribeNow = transcribeRecording.mutate;
  useEffect(() => {
    if (!transcribe || !google.connected) return;
    void navigate({ to: ".", search: {}, replace: true });
    transcribeNow(transcribe, {
      onSuccess: (result) => {
        if ("transcriptionId" in result)
          void navigate({ to: "/transcription/$id", params: { id: result.transcriptionId } });
        else
          toast({
            variant: "destructive",
            title: t("transcribeFailed"),
            description: t("accessDenied"),
          });
      },
      onError: (e) =>
        toast({
          variant: "destructive",
          title: t("transcribeFailed"),
          description: userMessage(e, t("somethingWentWrong")),
        }),
    });
  }, [transcribe, google.connected, navigate, transcribeNow, t]);

  useEffect(() => {
    if (!meetings.error) return;
    toast({
      variant: "destructive",
      title: t("loadFailed"),
      description: meetingsError(meetings.error) ?? t("loadFailedBody"),
    });
  }, [meetings.error, t]);

  /** Switching view starts again from the current month, week or day. */
  const changeView = (next: CalendarView) => {
    setView(next);
    setAnchor(new Date());
  };
  const changeMode = (next: DisplayMode) => {
    setMode(next);
    setAnchor(new Date());
  };
  // Refresh and Sync Calendar both re-read; without a connection, they re-check it, and if Google is still not
  // connected they say so and offer to connect (rather than doing nothing visible).
  const refresh = async () => {
    if (google.connected) {
      await meetings.refetch();
      return;
    }
    const { data } = await google.refetch();
    if (data?.connected) return;
    toast({
      title: t("syncNotConnected"),
      description: t("syncNotConnectedBody"),
      action: { label: t("goToIntegrations"), onClick: () => void navigate({ to: "/integrations" }) },
    });
  };
  const refreshing = meetings.isFetching || google.isFetching;

  if (google.isLoading) return <PageSpinner label={t("checkingConnection")} />;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t("title")}</h1>
          <Badge tone="blue" aria-live="polite">
            {t("meetingCount", { count: events.length })}
          </Badge>
        </div>
        <Button
          onClick={() => setCreating(true)}
          disabled={!google.connected}
          aria-describedby={google.connected ? undefined : "calendar-not-connected"}
          className="w-full md:w-auto"
        >
          <PlusIcon />
          {t("newMeetingButton")}
        </Button>
      </div>

      {!google.connected && (
        <div
          id="calendar-not-connected"
          role="status"
          className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 md:flex-row md:items-center md:justify-between dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <div>
            <p className="font-semibold">{t("notConnected")}</p>
            <p className="text-sm">{t("notConnectedBody")}</p>
          </div>
          <Link to="/integrations" className={buttonVariants({ variant: "outline", className: "w-full md:w-auto" })}>
            {t("goToIntegrations")}
          </Link>
        </div>
      )}

      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="relative md:max-w-xs md:flex-1">
          <label htmlFor={searchId} className="sr-only">
            {t("search")}
          </label>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={searchId}
            type="search"
            placeholder={t("searchPlaceholder")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
        <p className="text-sm text-muted-foreground md:ml-auto" aria-live="polite">
          {meetings.dataUpdatedAt ? t("lastSynced", { time: format.time(meetings.dataUpdatedAt) }) : t("neverSynced")}
        </p>
        <div className="flex flex-col gap-2 md:flex-row">
          <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
            {t("refresh")}
          </Button>
          <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
            {t("sync")}
          </Button>
        </div>
      </div>

      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-3 md:flex-row md:items-center">
          <SegmentedControl<DisplayMode>
            label={t("display")}
            className="self-start"
            value={mode}
            onValueChange={changeMode}
            options={[
              { value: "calendar", label: t("modes.calendar") },
              { value: "list", label: t("modes.list") },
            ]}
          />
          {mode === "calendar" && (
            <SegmentedControl<CalendarView>
              label={t("view")}
              className="self-start"
              value={view}
              onValueChange={changeView}
              options={[
                { value: "day", label: t("views.day") },
                { value: "week", label: t("views.week") },
                { value: "month", label: t("views.month") },
              ]}
            />
          )}
        </div>
        {mode === "calendar" ? (
          <div className="flex items-center gap-2">
            <Button variant="outline" size="icon" onClick={() => setAnchor((a) => shift(view, a, -1, timeZone))}>
              <span aria-hidden="true">‹</span>
              <span className="sr-only">{t(`previous.${view}`)}</span>
            </Button>
            <Button variant="outline" onClick={() => setAnchor(new Date())}>
              {t("today")}
            </Button>
            <Button variant="outline" size="icon" onClick={() => setAnchor((a) => shift(view, a, 1, timeZone))}>
              <span aria-hidden="true">›</span>
              <span className="sr-only">{t(`next.${view}`)}</span>
            </Button>
            <h2 className="ml-2 text-base font-semibold md:text-lg" aria-live="polite">
              {rangeLabel(view, anchor, timeZone)}
            </h2>
          </div>
        ) : (
          <h2 className="text-base font-semibold md:text-lg">{t("upcoming", { days: LIST_DAYS })}</h2>
        )}
      </div>

      {search.trim() && meetings.data && events.length === 0 && (
        <p role="status" className="text-sm text-muted-foreground">
          {t("noMatch", { query: search.trim() })}
        </p>
      )}

      <div className="relative" aria-busy={meetings.isFetching}>
        {meetings.isFetching && (
          <div className="absolute top-2 right-2 z-10">
            <Spinner label={t("loading")} className="[&>span:first-child]:size-5" />
          </div>
        )}
        {mode === "list" ? (
          <ListView events={events} format={format} onOpen={setOpen} />
        ) : view === "month" ? (
          <MonthView
            anchor={anchor}
            events={events}
            format={format}
            today={today}
            onOpen={setOpen}
            onShowDay={(day) => {
              setView("day");
              setAnchor(day);
            }}
          />
        ) : view === "week" ? (
          <WeekView anchor={anchor} events={events} format={format} today={today} onOpen={setOpen} />
        ) : (
          <DayView day={anchor} events={events} format={format} today={today} onOpen={setOpen} />
        )}
      </div>

      <MeetingDetailsDialog event={open} format={format} onClose={() => setOpen(null)} />
      <NewMeetingDialog open={creating} onOpenChange={setCreating} timeZone={timeZone} />
    </div>
  );
}
