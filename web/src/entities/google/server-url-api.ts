import { useQuery } from "@tanstack/react-query";
import { GOOGLE_CALLBACK_PATH, type ServerUrl, serverUrlSchema } from "@verbatim/shared/server-url";
import { api, read } from "@/lib/api";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Spec §7: without an answer, the page derives the same facts from its own address. */
export function serverUrlFromLocation(location: Location = window.location): ServerUrl {
  return {
    url: location.origin,
    redirectUri: `${location.origin}${GOOGLE_CALLBACK_PATH}`,
    environment: LOOPBACK.has(location.hostname) ? "development" : "production",
  };
}

export function useServerUrl() {
  const query = useQuery({
    queryKey: ["/api/server-url"],
    queryFn: () => read(api["server-url"].$get(), serverUrlSchema),
  });
  return { ...query, info: query.data ?? (query.isError ? serverUrlFromLocation() : undefined) };
}
