import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type SearchPage, searchPageSchema } from "@verbatim/shared/search";
import { readThrough } from "@/entities/library/read-through";
import { searchLibrary } from "@/entities/library/search-library";
import { useCurrentSpace } from "@/entities/workspace/current-space";
import { api, read, withSignal } from "@/lib/api";

/** Results per page, as the server's default. */
const PAGE = 20;

/**
 * Search across the current space's transcriptions: online the server's FTS5 index, offline the device library's own index,
 * which answers the same shape for the same words. A newer query cancels the older request.
 */
export function useTranscriptSearch(q: string) {
  const { space } = useCurrentSpace();
  const query = { q, limit: PAGE, offset: 0 };
  return useQuery<SearchPage>({
    queryKey: ["/api/search", query, space],
    queryFn: ({ signal }) =>
      readThrough(
        () =>
          read(
            api.search.$get({ query: { q, limit: String(PAGE), space: space ?? undefined } }, withSignal(signal)),
            searchPageSchema,
          ),
        (userId) => searchLibrary(userId, query, space),
      ),
    enabled: q.trim().length > 0,
    networkMode: "always",
    staleTime: 0,
    // The previous answer stays on screen while the next one is asked for, instead of a flash of nothing.
    placeholderData: keepPreviousData,
  });
}
