// The signed-in pages' HTML arrives with its first screen drawn (web/scripts/app-pages.mjs). This starts the app
// once that screen has been painted: run at once, as a module script, its start code went before the first paint,
// which then waited for it. The modules are already fetched (each has a <link rel="modulepreload">): data-first
// names the chunks the start chunk imports (React, the router, zod…), data-src the start chunk. Each is run in a
// task of its own, so no one task blocks a phone's main thread for long. A classic deferred script, so it runs after
// the stylesheet; a file, since the CSP allows no inline script.
(() => {
  const script = document.currentScript;
  const src = script?.dataset.src;
  if (!src) return;
  const modules = [...(script.dataset.first ?? "").split(" ").filter(Boolean), src];
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  const start = async () => {
    for (const module of modules) {
      await import(module);
      await nextTask();
    }
  };
  // Once the drawn page is on screen: after its first contentful paint is reported (a frame can be painted well
  // after requestAnimationFrame, and Lighthouse counts what starts before that paint as holding it up), or past the
  // next frame and a second where paint timing is missing or nothing contentful comes. A hidden page (opened in the
  // background) paints nothing: it starts at once.
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    start().catch((error) => console.error("Could not start the app", error));
  };
  if (document.visibilityState !== "visible") return go();
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      setTimeout(go, 0);
    }).observe({ type: "paint", buffered: true });
  } catch {
    // No paint timing here: the timeout below starts it.
  }
  requestAnimationFrame(() => setTimeout(go, 1000));
})();
