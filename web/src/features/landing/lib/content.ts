// Landing-page content. Every product claim is one of the spec's marketing claims or figures, stated as
// given; nothing here promises more than those. The words are under `landing` in the message catalogues; this
// file holds what is the same in every language: the order, the icons, the counter and the format names.

/** The hours-transcribed counter. */
export const HOURS_TRANSCRIBED = 12_068_336;

/** Each feature's title and text are landing.features.<key>.title and .body. */
export const FEATURES = [
  { key: "languages", icon: "text" },
  { key: "long", icon: "clock" },
  { key: "batch", icon: "upload" },
  { key: "export", icon: "download" },
  { key: "speakers", icon: "user" },
  { key: "ai", icon: "sparkles" },
  { key: "team", icon: "team" },
  { key: "calendar", icon: "calendar" },
] as const;

export const INPUT_FORMATS = [
  "MP3",
  "MP4",
  "WAV",
  "OGG",
  "OGV",
  "MPEG",
  "M4A",
  "FLAC",
  "3GP",
  "MOV",
  "MPG",
  "WEBM",
  "VOB",
  "WMA",
  "MTS",
  "TS",
  "QuickTime",
  "DivX",
] as const;

/** landing.steps.<key>.title and .body. */
export const STEPS = ["upload", "transcript", "review"] as const;

/** landing.testimonials.<key>.quote and .role. Quotes are attributed by role only: they illustrate how teams use the product. */
export const TESTIMONIALS = ["notes", "interviews", "search"] as const;

/** landing.faq.<key>.question and .answer. */
export const FAQ = ["free", "languages", "length", "formats", "speakers", "export", "pro", "privacy"] as const;
