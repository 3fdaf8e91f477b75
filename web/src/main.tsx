import "@/lib/zod-config";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition, useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";
import { AuthProvider } from "@/entities/session/use-auth";
import { PREFERENCES_QUERY_KEY } from "@/entities/user/preferences";
import { I18nProvider, initialLocale, setLocale } from "@/lib/i18n";
import { persistOptions, queryClient } from "@/lib/query-client";
import { uploadsInFlight } from "@/lib/uploads-in-flight";
import { router } from "./router";
import "./index.css";

/**
 * After logout (or account deletion) the browser goes to the site root; files left to upload, unsaved
 * edits and the device library (transcripts and recordings kept offline) are deleted from this device.
 */
async function signedOut() {
  await router.navigate({ to: "/" });
  const [{ forgetUploads }, { forgetAllDrafts }, { deleteAllLibraries }] = await Promise.all([
    import("@/features/upload/lib/upload-manager"),
    import("@/features/transcription-detail/lib/editor/drafts"),
    import("@/entities/library/library-db"),
  ]);
  await Promise.all([forgetUploads(), forgetAllDrafts(), deleteAllLibraries()]);
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

/**
 * Once the app's first render is on screen, the page's prerendered first screen (#root's `data-prerendered`, see
 * web/scripts/app-pages.mjs) is gone: the mark goes with it, so whoever reads the page (a browser test measuring
 * the layout) can tell the app's own elements from the drawn copies they replace.
 */
function DrawnPageReplaced() {
  useLayoutEffect(() => root?.removeAttribute("data-prerendered"), []);
  return null;
}

// The first screen is drawn in its language: the signed-in user's (kept on this device) or the browser's. Its
// messages are a precached chunk, so this waits for no network (lib/i18n; LocaleSync keeps it up to date).
// Drawn as a transition, so React yields to the browser every few milliseconds while it builds the first screen
// instead of holding the main thread for the whole tree (on a phone that was hundreds of milliseconds of blocking).
// The router matches the page and loads its routes' code first (preloaded with a signed-in page's HTML): the first
// render then draws the page, where it drew nothing while that code loaded, over the page's prerendered first screen.
void Promise.all([
  setLocale(initialLocale()).catch((error: unknown) => console.error("Could not load the interface language", error)),
  router.load().catch((error: unknown) => console.error("Could not load the page", error)),
]).finally(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <DrawnPageReplaced />
        <I18nProvider>
          <PersistQueryClientProvider
            client={queryClient}
            persistOptions={persistOptions}
            // The saved preferences (zone, language, formats) may have been changed on another device: read again at
            // each start, where their 5 minutes of freshness would otherwise keep the old ones on screen.
            onSuccess={() => void queryClient.invalidateQueries({ queryKey: PREFERENCES_QUERY_KEY })}
          >
            <AuthProvider onSignedOut={signedOut}>
              <RouterProvider router={router} />
            </AuthProvider>
          </PersistQueryClientProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  ),
);

// The service worker precaches the app shell so the app opens offline; it updates itself (autoUpdate).
// Registered after load so it does not compete with the first render, and only in builds (dev has none).
// A new version takes over at the next navigation rather than reloading the page under the user's feet,
// and never while files are being uploaded (a reload would cut them off).
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  let updateReady = false;
  // A worker that takes over a page no worker served (the first install, finished while the visitor moved on) is
  // no update: that page came from the network, as new as the worker. Only a page an older worker served reloads.
  const servedByWorker = navigator.serviceWorker.controller !== null;
  router.subscribe("onResolved", () => {
    if (updateReady && !uploadsInFlight()) location.reload();
  });
  const register = () =>
    void import("virtual:pwa-register").then(({ registerSW }) =>
      registerSW({
        immediate: true,
        onNeedReload: () => {
          if (servedByWorker) updateReady = true;
        },
      }),
    );
  // A signed-in page's HTML starts this code after its first paint (public/app-start.js), often after "load".
  if (document.readyState === "complete") register();
  else addEventListener("load", register);
}
