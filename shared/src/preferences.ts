import { z } from "zod";
import { analysisEngineSchema } from "./analysis";
import { LANGUAGES } from "./locale";
import { SPEAKER_COUNT } from "./speakers";

// User preferences. Unlike the spec's client-only original, Verbatim saves
// them: GET /api/user/preferences answers the full object, PUT accepts any part of it.

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export { LANGUAGES } from "./locale";
export const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
};

/** The zones the settings screen offers; the API accepts any IANA zone. */
export const TIMEZONE_OPTIONS = [
  "Europe/Stockholm",
  "America/New_York",
  "America/Los_Angeles",
  "Asia/Tokyo",
  "Australia/Sydney",
] as const;
export const DATE_FORMATS = ["MM/DD/YYYY", "DD/MM/YYYY", "YYYY-MM-DD"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const TIME_FORMATS = ["12h", "24h"] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

export const AI_MODELS = ["openai", "anthropic", "gemini"] as const;
export type AiModel = (typeof AI_MODELS)[number];
export const AI_MODEL_LABELS: Record<AiModel, string> = { openai: "GPT-4o", anthropic: "Claude", gemini: "Gemini" };
export const AI_LANGUAGES = ["English", "Spanish", "French", "German", "Swedish"] as const;
export type AiLanguage = (typeof AI_LANGUAGES)[number];
/** The AI Assistant's on/off switches. */
export const AI_SWITCHES = [
  "topicDetection",
  "actionItemsExtraction",
  "summaryGeneration",
  "speakerIdentification",
] as const;
export type AiSwitch = (typeof AI_SWITCHES)[number];

/**
 * GET /api/user/analysis-capabilities: which of the AI Assistant preferences the server's analysis engine can
 * apply, so the settings screen can say next to a control when its value will not be followed.
 */
export const analysisCapabilitiesSchema = z.object({
  /** The engine that analyses transcripts (a misconfigured language-model provider falls back to "offline"). */
  engine: analysisEngineSchema,
  /** The languages it writes its analysis in. */
  languages: z.array(z.enum(AI_LANGUAGES)),
  /** The `defaultModel` choices it honours; empty when the server uses one fixed model whatever is chosen. */
  models: z.array(z.enum(AI_MODELS)),
  /** The switches it applies. */
  switches: z.array(z.enum(AI_SWITCHES)),
  /** Why the configured language model is not used (the offline engine analyses instead); null when it is. */
  fallback: z.string().nullable(),
});
export type AnalysisCapabilities = z.infer<typeof analysisCapabilitiesSchema>;

export const TIMEZONE_INVALID = "Unknown time zone";

/** Intl knows every IANA zone (and its aliases); it throws a RangeError for anything else. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Fixes only the letter case ("europe/stockholm" → "Europe/Stockholm"). Intl's own canonical name is not
 * used as such: engines map some zones to older aliases (Asia/Kolkata → Asia/Calcutta), which would change
 * what the user picked.
 */
function caseFixedTimeZone(zone: string) {
  const resolved = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone;
}

const timeZoneSchema = z
  .string()
  .trim()
  .min(1, TIMEZONE_INVALID)
  .max(64, TIMEZONE_INVALID)
  .refine(isTimeZone, TIMEZONE_INVALID)
  .transform(caseFixedTimeZone);

const sections = {
  general: z.strictObject({
    theme: z.enum(THEMES),
    language: z.enum(LANGUAGES),
    /** Upload defaults: tell speakers apart, and how many there are when the user knows. */
    speakerRecognition: z.boolean(),
    speakerCount: z.number().int().min(SPEAKER_COUNT.min).max(SPEAKER_COUNT.max).nullable(),
    autoSave: z.boolean(),
    analytics: z.boolean(),
  }),
  timezone: z.strictObject({
    timezone: timeZoneSchema,
    dateFormat: z.enum(DATE_FORMATS),
    timeFormat: z.enum(TIME_FORMATS),
    autoDetect: z.boolean(),
  }),
  notifications: z.strictObject({
    emailTranscriptionComplete: z.boolean(),
    emailNewFeatures: z.boolean(),
    emailAccountActivity: z.boolean(),
    browserNotifications: z.boolean(),
  }),
  ai: z.strictObject({
    defaultModel: z.enum(AI_MODELS),
    preferredLanguage: z.enum(AI_LANGUAGES),
    topicDetection: z.boolean(),
    actionItemsExtraction: z.boolean(),
    summaryGeneration: z.boolean(),
    speakerIdentification: z.boolean(),
  }),
};
export const generalPreferencesSchema = sections.general;
export const timezonePreferencesSchema = sections.timezone;
export const notificationPreferencesSchema = sections.notifications;
export const aiPreferencesSchema = sections.ai;

export const preferencesSchema = z.strictObject(sections);
export type Preferences = z.output<typeof preferencesSchema>;
export type PreferenceSection = keyof Preferences;
export type GeneralPreferences = Preferences["general"];
export type TimezonePreferences = Preferences["timezone"];
export type NotificationPreferences = Preferences["notifications"];
export type AiPreferences = Preferences["ai"];

export const DEFAULT_PREFERENCES: Preferences = {
  general: {
    theme: "system",
    language: "en",
    speakerRecognition: false,
    speakerCount: null,
    autoSave: true,
    analytics: true,
  },
  timezone: { timezone: "Europe/Stockholm", dateFormat: "MM/DD/YYYY", timeFormat: "24h", autoDetect: true },
  notifications: {
    emailTranscriptionComplete: true,
    // Product news is opt-in (every such e-mail carries a one-click unsubscribe).
    emailNewFeatures: false,
    emailAccountActivity: true,
    browserNotifications: true,
  },
  ai: {
    defaultModel: "openai",
    preferredLanguage: "English",
    topicDetection: true,
    actionItemsExtraction: true,
    summaryGeneration: true,
    speakerIdentification: true,
  },
};

/** PUT body: any sections, each with any of its fields; unknown sections or fields are refused (typos). */
export const preferencesUpdateSchema = z.strictObject({
  general: sections.general.partial().optional(),
  timezone: sections.timezone.partial().optional(),
  notifications: sections.notifications.partial().optional(),
  ai: sections.ai.partial().optional(),
});
export type PreferencesUpdate = z.input<typeof preferencesUpdateSchema>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Lays saved values over `base` field by field. A value that no longer validates (an option removed in a
 * later release, a hand-edited row) falls back to the base instead of breaking the whole settings screen.
 */
export function mergePreferences(saved: unknown, base: Preferences = DEFAULT_PREFERENCES): Preferences {
  const merged = {
    general: { ...base.general },
    timezone: { ...base.timezone },
    notifications: { ...base.notifications },
    ai: { ...base.ai },
  };
  if (!isRecord(saved)) return merged;
  for (const section of Object.keys(sections) as PreferenceSection[]) {
    const values = saved[section];
    if (!isRecord(values)) continue;
    const target = merged[section] as Record<string, unknown>;
    for (const [field, schema] of Object.entries(sections[section].shape)) {
      const parsed = (schema as z.ZodType).safeParse(values[field]);
      if (parsed.success) target[field] = parsed.data;
    }
  }
  return merged;
}
