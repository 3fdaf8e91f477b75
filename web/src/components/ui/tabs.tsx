import {
  type CSSProperties,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { cn } from "@/lib/cn";

interface TabsContextValue {
  value: string;
  onValueChange: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs() {
  const context = useContext(TabsContext);
  // i18n-ignore: a developer's mistake, never shown
  if (!context) throw new Error("Tabs parts must be used within <Tabs>");
  return context;
}

const triggerId = (base: string, value: string) => `${base}-tab-${value}`;
const panelId = (base: string, value: string) => `${base}-panel-${value}`;

export function Tabs({
  value,
  onValueChange,
  children,
  className,
}: {
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ value, onValueChange, baseId }}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

/** How far a too-narrow tab row is scrolled: each side that hides tabs fades out, showing that it scrolls. */
function useScrollFade() {
  const ref = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ start: false, end: false });
  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // Right-to-left pages scroll to negative offsets: the distance from the start is the absolute value.
    const from = Math.abs(el.scrollLeft);
    const next = { start: from > 1, end: from + el.clientWidth < el.scrollWidth - 1 };
    setHidden((now) => (now.start === next.start && now.end === next.end ? now : next));
  }, []);
  useEffect(() => {
    update();
    if (typeof ResizeObserver === "undefined" || !ref.current) return;
    const observer = new ResizeObserver(update);
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [update]);
  const fade = "2.5rem";
  const mask =
    hidden.start || hidden.end
      ? `linear-gradient(to right, ${hidden.start ? `transparent, #000 ${fade}` : "#000"}, ${hidden.end ? `#000 calc(100% - ${fade}), transparent` : "#000"})`
      : undefined;
  const style: CSSProperties | undefined = mask ? { maskImage: mask, WebkitMaskImage: mask } : undefined;
  return { ref, update, style, hidden };
}

/**
 * The WAI-ARIA tabs pattern: one tab stop for the whole list (roving tabindex); arrows, Home and End move
 * between tabs and select them. A row too wide for the screen scrolls sideways, its hidden side faded out.
 */
export function TabsList({
  label,
  children,
  className,
  fullWidth,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  /** Tabs share the full width equally (e.g. two tabs over a form). */
  fullWidth?: boolean;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])')];
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    const next =
      event.key === "ArrowRight"
        ? (current + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (current - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    tabs[next]?.focus();
    tabs[next]?.click();
  };
  const scroll = useScrollFade();
  return (
    <div
      ref={scroll.ref}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      onScroll={scroll.update}
      style={scroll.style}
      data-scrolls={scroll.hidden.start || scroll.hidden.end || undefined}
      className={cn(
        "max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1",
        fullWidth ? "flex w-full *:flex-1" : "inline-flex",
        className,
      )}
    >
      {children}
    </div>
  );
}

export function TabsTrigger({ value, children }: { value: string; children: ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={panelId(tabs.baseId, value)}
      tabIndex={selected ? 0 : -1}
      onClick={(event) => {
        // A tab half hidden by a scrolling row comes fully into view.
        event.currentTarget.scrollIntoView?.({ block: "nearest", inline: "nearest" });
        tabs.onValueChange(value);
      }}
      className={cn(
        "rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        selected ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
      )}
    >
      {children}
    </button>
  );
}

export function TabsContent({
  value,
  children,
  className,
}: {
  value: string;
  children: ReactNode;
  className?: string;
}) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.baseId, value)}
      aria-labelledby={triggerId(tabs.baseId, value)}
      // Focusable so keyboard users can reach panels that hold no focusable content (WAI-ARIA tabs pattern).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
      tabIndex={0}
      className={cn(
        "mt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-md",
        className,
      )}
    >
      {children}
    </div>
  );
}
