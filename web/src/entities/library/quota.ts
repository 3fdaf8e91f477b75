import { translate } from "@/lib/i18n";
import { type LibraryDb, OFFLINE_MEDIA_CACHE } from "./library-db";

/** Thrown when the device has no room for the library's text even after every offline recording was freed. */
export class DeviceFullError extends Error {
  constructor() {
    super(translate("library.deviceFull"));
    this.name = "DeviceFullError";
  }
}

export const isQuotaError = (error: unknown) =>
  error instanceof Error &&
  (error.name === "QuotaExceededError" || (error as { inner?: Error }).inner?.name === "QuotaExceededError");

/** Frees the oldest recording kept offline; false when none is left. */
async function freeOldestMedia(lib: LibraryDb): Promise<boolean> {
  const oldest = await lib.offlineMedia.orderBy("keptAt").first();
  if (!oldest) return false;
  const cache = await caches.open(OFFLINE_MEDIA_CACHE);
  await cache.delete(oldest.url);
  await lib.offlineMedia.delete(oldest.id);
  return true;
}

/**
 * Runs a write of the library's text; when the device is full, recordings kept offline are freed, oldest
 * first, and the write tried again. Text is never what gives way.
 */
export async function withRoomForText<T>(lib: LibraryDb, write: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      if (!(await freeOldestMedia(lib))) throw new DeviceFullError();
    }
  }
}
