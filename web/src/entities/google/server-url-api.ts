import { useQuery } from "@tanstack/react-query";
import { deploymentAt, serverUrlSchema } from "@verbatim/shared/server-url";
import { api, read } from "@/lib/api";

export function useServerUrl() {
  const query = useQuery({
    queryKey: ["/api/server-url"],
    queryFn: () => read(api["server-url"].$get(), serverUrlSchema),
  });
  // Without an answer, the page derives the same facts from its own address.
  return { ...query, info: query.data ?? (query.isError ? deploymentAt(window.location) : undefined) };
}
