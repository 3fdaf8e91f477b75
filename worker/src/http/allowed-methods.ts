import { TrieRouter } from "hono/router/trie-router";
import type { RouterRoute } from "hono/types";

// RFC 9110 §15.5.6: a known path asked with a method it does not take answers 405 with `Allow`, not 404 as an
// unknown path does; a client then learns its mistake is the method, not the address.

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * The methods the app's routes answer at a path (HEAD wherever GET is, as Hono serves it), from the routes as
 * mounted; middleware, registered for every method, is left aside. Built once per app.
 */
export function allowedMethodsOf(routes: readonly RouterRoute[]): (path: string) => string[] {
  const router = new TrieRouter<true>();
  for (const route of routes) if (route.method !== "ALL") router.add(route.method, route.path, true);
  return (path) => {
    const allowed = METHODS.filter((method) => router.match(method, path)[0].length > 0);
    return allowed.includes("GET") ? ["GET", "HEAD", ...allowed.filter((m) => m !== "GET")] : [...allowed];
  };
}
