// The signed-in pages' HTML (@verbatim/shared/app-pages; docs/architecture/web-app.md, "Signed-in pages start
// sooner"): the built index.html with a <link rel="modulepreload"> for every chunk of the page's routes. The browser
// otherwise learned of them only once the app's start code had run and the router had matched the URL.

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
