import { env } from "cloudflare:test";
import { EXPORT_FORMAT_VALUES } from "@verbatim/shared";
import { bench, describe } from "vitest";
import { exportTranscription, r2Fonts } from "./index";
import { threeHourMeeting } from "./test-fixtures";

// Timing, not a test: `pnpm exec vitest bench --run --project workers src/export` measures it inside workerd.
const doc = threeHourMeeting();
const fonts = r2Fonts(env.MEDIA);

describe("three-hour transcript (2,200 segments, 30,800 words)", () => {
  for (const format of EXPORT_FORMAT_VALUES) {
    bench(format, () => exportTranscription(doc, format, { fonts }).then(() => undefined), {
      iterations: 5,
      warmupIterations: 1,
    });
  }
});
