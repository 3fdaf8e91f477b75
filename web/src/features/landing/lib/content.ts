import { FREE_PLAN_SUMMARY } from "@verbatim/shared/subscription";
// Landing-page copy. Every product claim is one of the spec's marketing claims or figures, stated as
// given; nothing here promises more than those.

/** The hours-transcribed counter. */
export const HOURS_TRANSCRIBED = 12_068_336;

export const FEATURES = [
  {
    title: "About 98 languages",
    icon: "text",
    body: "Transcribe meetings, interviews and lectures in about 98 languages.",
  },
  {
    title: "Long recordings",
    icon: "clock",
    body: "Upload files up to 10 hours long and up to 5GB each.",
  },
  {
    title: "Batch uploads",
    icon: "upload",
    body: "Drop in up to 50 files per batch and let them process together.",
  },
  {
    title: "Export anywhere",
    icon: "download",
    body: "Download as PDF, DOCX, SRT/VTT, CSV or TXT, or export many transcripts at once.",
  },
  {
    title: "Speaker recognition",
    icon: "user",
    body: "Turn it on at upload to tell speakers apart; it adds a minute or two per audio hour.",
  },
  {
    title: "AI insights",
    icon: "sparkles",
    body: "Get summaries, action items, topic detection and speaker identification with every transcript.",
  },
  {
    title: "Team collaboration",
    icon: "team",
    body: "Built for professionals and teams who share what was said and decided.",
  },
  {
    title: "Meetings from your calendar",
    icon: "calendar",
    body: "Connect Google to see, create and join your Google Meet meetings from one calendar.",
  },
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

export const STEPS = [
  { title: "Upload your recording", body: "Drag in an audio or video file, or several at once." },
  { title: "Get your transcript", body: "Verbatim transcribes it and adds a summary, key points and analysis." },
  { title: "Review and export", body: "Read, search and share it, or download it in the format you need." },
] as const;

/** Quotes are attributed by role only: they illustrate how teams use the product. */
export const TESTIMONIALS = [
  {
    quote:
      "I stopped taking notes in client calls. The summary and action items are waiting for me when the call ends.",
    role: "Account manager, consulting firm",
  },
  {
    quote:
      "Our research interviews run over an hour. Uploading them in one batch and exporting subtitles saves us days.",
    role: "UX researcher, product team",
  },
  {
    quote: "Being able to search every meeting for who said what has changed how our team follows up.",
    role: "Engineering lead, software company",
  },
] as const;

export const FAQ = [
  {
    question: "Is there a free plan?",
    answer: `Yes. The Free plan gives you ${FREE_PLAN_SUMMARY}, and no card is needed to start. The pricing page lists what each plan includes.`,
  },
  {
    question: "Which languages are supported?",
    answer: "About 98 languages.",
  },
  {
    question: "How long can my recordings be?",
    answer: "Files can be up to 10 hours long and up to 5GB, and you can upload up to 50 files per batch.",
  },
  {
    question: "Which file formats can I upload?",
    answer: `${INPUT_FORMATS.slice(0, -1).join(", ")} and ${INPUT_FORMATS[INPUT_FORMATS.length - 1]}.`,
  },
  {
    question: "Can Verbatim tell speakers apart?",
    answer:
      "Yes. Speaker recognition is an option when you upload; it adds a minute or two of processing per audio hour.",
  },
  {
    question: "How do I get my transcripts out?",
    answer: "Export as PDF, DOCX, SRT/VTT, CSV or TXT, one at a time or in bulk.",
  },
  {
    question: "Is Pro unlimited?",
    answer:
      "Yes. Pro has no monthly limit and no length limit per recording beyond the 10 hours and 5GB every upload allows.",
  },
  {
    question: "Who can see my recordings?",
    answer: "Only you. Deleting your account deletes your transcriptions and every file you uploaded.",
  },
] as const;
