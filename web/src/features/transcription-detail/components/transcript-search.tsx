import { useId } from "react";
import { useTranslations } from "use-intl";
import { ChevronDownIcon, ChevronUpIcon, SearchIcon } from "@/components/layout/icons";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

interface TranscriptSearchProps {
  query: string;
  onQueryChange: (query: string) => void;
  count: number;
  /** Index of the current match, -1 for none. */
  current: number;
  onStep: (delta: 1 | -1) => void;
}

/** Search within the transcript: Enter / Shift+Enter (or the arrows) go to the next / previous match. */
export function TranscriptSearch({ query, onQueryChange, count, current, onStep }: TranscriptSearchProps) {
  const t = useTranslations("detail.search");
  const id = useId();
  const status = !query.trim() ? "" : count === 0 ? t("none") : t("position", { current: current + 1, count });
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <label htmlFor={id} className="sr-only">
        {t("label")}
      </label>
      <div className="relative flex-1">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={id}
          type="search"
          placeholder={t("label")}
          className="pl-9"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && count > 0) {
              e.preventDefault();
              onStep(e.shiftKey ? -1 : 1);
            }
          }}
        />
      </div>
      <div className="flex items-center justify-end gap-1">
        <span
          aria-live="polite"
          className="min-w-20 text-sm text-muted-foreground tabular-nums"
          data-testid="search-status"
        >
          {status}
        </span>
        <Button
          variant="outline"
          size="icon"
          disabled={count === 0}
          onClick={() => onStep(-1)}
          aria-label={t("previous")}
        >
          <ChevronUpIcon />
        </Button>
        <Button variant="outline" size="icon" disabled={count === 0} onClick={() => onStep(1)} aria-label={t("next")}>
          <ChevronDownIcon />
        </Button>
      </div>
    </div>
  );
}
