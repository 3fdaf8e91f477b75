import type { Page } from "playwright-core";

/** Hashes of the queries persisted for offline use (IndexedDB "verbatim", table "queries"). */
export function persistedQueryHashes(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("verbatim");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("queries")) {
            db.close();
            return resolve([]);
          }
          const keys = db.transaction("queries").objectStore("queries").getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}
