import { speechProvider } from "../asr";
import type { Bindings } from "../env";
import { maxSecondsFor, tooLongForPlan } from "../store/plan-usage";
import type { Space } from "../store/transcriptions";

/**
 * Refuses (402) a stored recording longer than its space's plan transcribes, before any of it is recognised:
 * the engine reads its length from the container's packets, in milliseconds. Where the length cannot be read
 * here (a provider without a probe, an engine that is down, a file it cannot read), the limit is applied once
 * recognition reports the length, as before; the caller deletes what it stored when this throws.
 */
export async function assertPlanLength(
  env: Bindings,
  space: Space,
  media: { key: string; fileName: string; contentType: string },
) {
  const max = await maxSecondsFor(env.DB, space);
  if (max === null) return;
  const provider = speechProvider(env);
  if (!provider.probeDuration) return;
  const object = await env.MEDIA.get(media.key);
  if (!object) return;
  const seconds = await provider
    .probeDuration({ audio: object.body, size: object.size, fileName: media.fileName, contentType: media.contentType })
    .catch(() => null);
  if (seconds !== null && seconds > max) throw tooLongForPlan(seconds);
}
