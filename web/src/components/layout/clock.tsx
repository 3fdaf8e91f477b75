import { useEffect, useState, useSyncExternalStore } from "react";
import { useLocale } from "use-intl";
import { cityLabel, gmtOffsetLabel, useUserTime } from "@/entities/user/use-user-time";
import { clockOptions } from "@/lib/format";
import { INTL_TAGS } from "@/lib/i18n";
import { ClockIcon } from "./icons";

/** Re-renders at every minute boundary, then every 60 s. */
function useMinute() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const timeout = setTimeout(
      () => {
        setNow(new Date());
        interval = setInterval(() => setNow(new Date()), 60_000);
      },
      60_000 - (Date.now() % 60_000),
    );
    return () => {
      clearTimeout(timeout);
      clearInterval(interval);
    };
  }, []);
  return now;
}

const noSubscription = () => () => undefined;

/**
 * Top-bar clock in the user's own time zone, labelled with its GMT offset and city. Drawn at build time into the
 * signed-in pages' HTML (src/prerender/app-shell.tsx), it is an empty box there: that time would be wrong.
 */
export function Clock() {
  const now = useMinute();
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const { timeZone, hour12 } = useUserTime();
  const locale = INTL_TAGS[useLocale()];
  if (!inBrowser) return <div className="flex items-center gap-2 text-sm" data-testid="clock" />;
  const time = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    ...clockOptions(hour12),
  })
    .format(now)
    .replace(/[\u202f\u00a0]/g, " ");
  return (
    <div className="flex items-center gap-2 text-sm" data-testid="clock">
      <ClockIcon className="size-4 text-muted-foreground" />
      <time dateTime={now.toISOString()} className="font-medium tabular-nums">
        {time}
      </time>
      <span className="hidden text-muted-foreground sm:inline">
        {gmtOffsetLabel(timeZone, now, locale)} · {cityLabel(timeZone)}
      </span>
    </div>
  );
}
