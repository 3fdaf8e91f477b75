import { useQuery } from "@tanstack/react-query";
import { statsSchema } from "@verbatim/shared/stats";
import { api, read } from "@/lib/api";

/** GET /api/stats (public): the hours transcribed, as the server counts them. The server caches it for 10 minutes. */
export function useStats() {
  return useQuery({
    queryKey: ["/api/stats"],
    queryFn: () => read(api.stats.$get(), statsSchema),
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
}
