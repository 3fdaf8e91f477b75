import { ACCEPTED_FORMAT_NAMES } from "@verbatim/shared/upload";

// Landing-page content. Every product claim is one the product keeps: the spec's marketing claims where the
// product does what they say, and nothing it lacks (no team features). The words are under `landing` in the
// message catalogues; this file holds what is the same in every language: the order and the icons. The hours
// counter comes from GET /api/stats, the format names from the upload's own list (ACCEPTED_FORMAT_NAMES).

/** Each feature's title and text are landing.features.<key>.title and .body. */
export const FEATURES = [
  { key: "languages", icon: "text" },
  { key: "long", icon: "clock" },
  { key: "batch", icon: "upload" },
  { key: "export", icon: "download" },
  { key: "speakers", icon: "user" },
  { key: "ai", icon: "sparkles" },
  { key: "offline", icon: "offline" },
  { key: "calendar", icon: "calendar" },
] as const;

/** The formats the landing names: exactly the ones the upload accepts. */
export const INPUT_FORMATS = ACCEPTED_FORMAT_NAMES;

/** landing.steps.<key>.title and .body. */
export const STEPS = ["upload", "transcript", "review"] as const;

/** landing.testimonials.<key>.quote and .role. Quotes are attributed by role only: they illustrate how teams use the product. */
export const TESTIMONIALS = ["notes", "interviews", "search"] as const;

/** landing.faq.<key>.question and .answer. */
export const FAQ = ["free", "languages", "length", "formats", "speakers", "export", "pro", "privacy"] as const;
