// The signed-in pages' HTML (@verbatim/shared/app-pages; docs/architecture/web-app.md, "Signed-in pages start
// sooner" and "Signed-in pages paint at once"): the built index.html with a <link rel="modulepreload"> for every
// chunk of the page's routes (the browser otherwise learned of them only once the app's start code had run and the
// router had matched the URL), and, per interface language, the page's first screen drawn inside #root.

/** The chunk files a manifest entry loads before it runs: itself and its static imports, recursively. */
function chunkFiles(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Vite's manifest has no ${key} (a route of @verbatim/shared/app-pages?)`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into);
  return into;
}

/** `page`'s HTML: `indexHtml` preloading its routes' chunks, but those index.html already loads. */
export function appPageHtml(page, manifest, indexHtml) {
  const started = chunkFiles(manifest, "index.html");
  const files = new Set(
    page.routes.flatMap((route) => [...chunkFiles(manifest, `src/routes/${route}?tsr-split=component`)]),
  );
  const links = [...files]
    .filter((file) => !started.has(file) && file.endsWith(".js"))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  if (!indexHtml.includes("</head>")) throw new Error("index.html has no </head>");
  return indexHtml.replace("</head>", `  ${links.join("\n    ")}\n  </head>`);
}

const escapeAttribute = (text) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
const escapeText = (text) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;");

/** `page` (a built HTML page) in `locale`: its <html lang>, title and description (the catalogue's `document`). */
export function inLanguage(page, locale, messages) {
  return page
    .replace(/<html lang="[^"]*">/, `<html lang="${escapeAttribute(locale)}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(messages.document.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"/,
      `<meta name="description" content="${escapeAttribute(messages.document.description)}"`,
    );
}

/** `markup` inside `page`'s #root, which is marked `data-prerendered` with `name` (for the tests and for readers). */
export function withRoot(page, name, markup) {
  const root = '<div id="root"></div>';
  if (!page.includes(root)) throw new Error(`index.html has no ${root}`);
  return page.replace(root, () => `<div id="root" data-prerendered="${name}">${markup}</div>`);
}

/**
 * The app's start script made a preload, and started by public/app-start.js once the drawn page has been painted,
 * with the chunks it imports (from Vite's manifest) run one at a time before it: as a
 * module script it ran as soon as the stylesheet was in, before the first paint, and all in one long task.
 */
function startAfterPaint(page, manifest) {
  const script = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const src = script.exec(page)?.[1];
  if (!src) throw new Error("index.html has no module script to start after the first paint");
  const first = (manifest["index.html"].imports ?? []).map((key) => `/${manifest[key].file}`);
  return page.replace(
    script,
    () =>
      `<link rel="modulepreload" crossorigin href="${src}">\n    <script src="/app-start.js" data-first="${first.join(" ")}" data-src="${src}" defer></script>`,
  );
}

/**
 * `page`'s HTML in `locale` (`html`, from appPageHtml) with its first screen (`markup`) drawn, and the language's
 * catalogue preloaded: the app loads it before its first render (lib/i18n), and it would otherwise be asked for only
 * once the start chunk had run. English is in the start chunk.
 */
export function appShellHtml(html, manifest, locale, messages, markup) {
  let page = startAfterPaint(withRoot(inLanguage(html, locale, messages), "app", markup), manifest);
  if (locale !== "en") {
    const catalogue = manifest[`src/locales/${locale}.json`];
    if (!catalogue) throw new Error(`Vite's manifest has no src/locales/${locale}.json`);
    page = page.replace("</head>", `  <link rel="modulepreload" crossorigin href="/${catalogue.file}">\n  </head>`);
  }
  return page;
}
