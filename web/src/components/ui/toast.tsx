import { type PointerEvent, type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/lib/cn";

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  variant?: "default" | "destructive";
  action?: { label: string; onClick: () => void };
}

interface ToastEntry extends ToastOptions {
  id: number;
}

// One toast visible at a time, shown for 5 s, dismissed by a 50 px swipe.
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

let current: ToastEntry | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing the one on screen. Callable from anywhere (mutations, stores). */
export function toast(options: ToastOptions) {
  current = { ...options, id: nextId++ };
  emit();
}

export function dismissToast() {
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const t = useTranslations("common");
  const entry = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return (
    <section
      aria-label={t("notifications")}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 md:justify-end"
    >
      {/* The live region exists before any toast so screen readers announce each one. */}
      <div aria-live="polite" aria-atomic="true" className="w-full max-w-sm">
        {entry && <ToastCard key={entry.id} entry={entry} />}
      </div>
    </section>
  );
}

function ToastCard({ entry }: { entry: ToastEntry }) {
  const t = useTranslations("common");
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ x: number; id: number } | null>(null);

  useEffect(() => {
    if (paused) return;
    // Hover or focus pauses the timer (WCAG 2.2.1); it restarts in full afterwards.
    const timer = setTimeout(dismissToast, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest("button")) return;
    drag.current = { x: event.clientX, id: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id === event.pointerId) setOffset(event.clientX - drag.current.x);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id !== event.pointerId) return;
    const distance = event.clientX - drag.current.x;
    drag.current = null;
    if (Math.abs(distance) >= TOAST_SWIPE_THRESHOLD_PX) dismissToast();
    else setOffset(0);
  };

  const destructive = entry.variant === "destructive";
  return (
    // Swiping is the pointer way to dismiss; keyboard users have the close button.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above.
    <div
      role={destructive ? "alert" : "status"}
      data-testid="toast"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null;
        setOffset(0);
      }}
      onKeyDown={(event) => {
        // Esc dismisses the toast the keyboard is in, as in the APG's and Radix's toasts.
        if (event.key === "Escape") dismissToast();
      }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      style={{ transform: `translateX(${offset}px)`, opacity: 1 - Math.min(Math.abs(offset) / 150, 0.6) }}
      className={cn(
        "pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg",
        "animate-[toast-in_150ms_ease-out]",
        destructive ? "border-destructive bg-destructive text-destructive-foreground" : "bg-card text-foreground",
      )}
    >
      <div className="grid flex-1 gap-1">
        <p className="text-sm font-semibold">{entry.title}</p>
        {entry.description && <div className="text-sm opacity-90">{entry.description}</div>}
        {entry.action && (
          <button
            type="button"
            onClick={() => {
              entry.action?.onClick();
              dismissToast();
            }}
            className={cn(
              "mt-2 inline-flex h-8 w-fit items-center rounded-md border px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              destructive ? "border-destructive-foreground/40 hover:bg-white/10" : "hover:bg-muted",
            )}
          >
            {entry.action.label}
          </button>
        )}
      </div>
      <button
        type="button"
        onClick={dismissToast}
        className="absolute top-2 right-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span aria-hidden="true">✕</span>
        <span className="sr-only">{t("dismissNotification")}</span>
      </button>
    </div>
  );
}
