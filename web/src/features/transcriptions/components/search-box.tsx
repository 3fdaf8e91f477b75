import { useAtom } from "jotai";
import { useDeferredValue, useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { userMessage } from "@/lib/api";
import { useOnline } from "@/lib/use-online";
import { useTranscriptSearch } from "../api/search-api";
import { searchTextAtom } from "../lib/search-text";
import { SearchResults } from "./search-results";

/** Typing pauses this long before a search is asked for. */
const DEBOUNCE_MS = 250;

function useDebounced(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * One box searching every transcription's title, transcript and summary; its results replace the list while
 * it holds words (`children` is the list).
 */
export function TranscriptSearch({ children }: { children: React.ReactNode }) {
  const t = useTranslations("transcriptions.search");
  const [text, setText] = useAtom(searchTextAtom);
  const q = useDeferredValue(useDebounced(text.trim()));
  const search = useTranscriptSearch(q);
  const online = useOnline();
  const searching = text.trim().length > 0;

  return (
    <>
      <div className="relative">
        <Input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => event.key === "Escape" && setText("")}
          placeholder={t("placeholder")}
          aria-label={t("label")}
          maxLength={200}
        />
        {searching && search.isFetching && <Spinner className="absolute top-3 right-9 size-4" label={t("searching")} />}
      </div>
      {!searching ? (
        children
      ) : search.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {userMessage(search.error, t("failed"))}
        </p>
      ) : search.data ? (
        <SearchResults page={search.data} offline={!online} />
      ) : null}
    </>
  );
}
