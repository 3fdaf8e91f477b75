import type { Page } from "playwright-core";

/** Every key or row of one store of the app's IndexedDB "verbatim"; none while that store does not exist. */
function readAppStore<T>(page: Page, store: string, what: "keys" | "rows"): Promise<T[]> {
  return page.evaluate(
    ([name, read]) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open("verbatim");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            return resolve([]);
          }
          const objects = db.transaction(name).objectStore(name);
          const request = read === "keys" ? objects.getAllKeys() : objects.getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as T[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    [store, what] as const,
  );
}

/** Hashes of the queries persisted for offline use (IndexedDB "verbatim", table "queries"). */
export async function persistedQueryHashes(page: Page) {
  return (await readAppStore<IDBValidKey>(page, "queries", "keys")).map(String);
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

/** The ids of the transcriptions in a user's device library (IndexedDB "verbatim-library-<id>"); none without it. */
export function libraryTranscriptionIds(page: Page, userId: string) {
  return page.evaluate(async (name) => {
    // Opening a database that does not exist would create it, empty, under the app's own name.
    if (!(await indexedDB.databases()).some((d) => d.name === name)) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      return await new Promise<string[]>((resolve, reject) => {
        const request = db.transaction("transcriptions").objectStore("transcriptions").getAllKeys();
        request.onsuccess = () => resolve(request.result.map(String));
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  }, `verbatim-library-${userId}`);
}

/** What the device keeps of compressed uploads (IndexedDB "verbatim", table "compressedUploads"). */
export function compressedUploads(page: Page) {
  return readAppStore<{ fileName: string; transcriptionId: string | null; sentChunks: number[]; mediaSent: boolean }>(
    page,
    "compressedUploads",
    "rows",
  );
}

/** The files the device keeps to send, or kept with the reason they could not be sent (table "queuedUploads"). */
export function queuedUploads(page: Page) {
  return readAppStore<{ fileName: string; failure?: { message: string; status: number | null } }>(
    page,
    "queuedUploads",
    "rows",
  );
}
