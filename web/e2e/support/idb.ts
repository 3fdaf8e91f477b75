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

/** The device libraries (IndexedDB "verbatim-library-<user id>") and how many transcriptions and transcripts each holds. */
export function deviceLibraries(page: Page) {
  return page.evaluate(async () => {
    const count = (db: IDBDatabase, store: string) =>
      new Promise<number>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const names = (await indexedDB.databases()).flatMap((d) =>
      d.name?.startsWith("verbatim-library-") ? [d.name] : [],
    );
    const found: Array<{ name: string; transcriptions: number; transcripts: number }> = [];
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      found.push({
        name,
        transcriptions: await count(db, "transcriptions"),
        transcripts: await count(db, "transcripts"),
      });
      db.close();
    }
    return found;
  });
}

/** What the device keeps of compressed uploads (IndexedDB "verbatim", table "compressedUploads"). */
export function compressedUploads(page: Page) {
  return page.evaluate(
    () =>
      new Promise<
        Array<{ fileName: string; transcriptionId: string | null; sentChunks: number[]; mediaSent: boolean }>
      >((resolve, reject) => {
        const open = indexedDB.open("verbatim");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("compressedUploads")) {
            db.close();
            return resolve([]);
          }
          const rows = db.transaction("compressedUploads").objectStore("compressedUploads").getAll();
          rows.onsuccess = () => {
            db.close();
            resolve(rows.result);
          };
          rows.onerror = () => reject(rows.error);
        };
      }),
  );
}
