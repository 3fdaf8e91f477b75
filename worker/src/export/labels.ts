import { LANGUAGES } from "@verbatim/shared";

// The interface text of the document exports (PDF and DOCX: headings, facts, the page footer), in each language
// the interface speaks. The user's Settings › General › Language picks one; the transcript itself is as spoken.

export type ExportLocale = (typeof LANGUAGES)[number];

export interface ExportLabels {
  summary: string;
  keyPoints: string;
  actionItems: string;
  transcript: string;
  emptyTranscript: string;
  date: string;
  duration: string;
  language: string;
  page: (n: number, of: number) => string;
}

const LABELS: Record<ExportLocale, ExportLabels> = {
  en: {
    summary: "Summary",
    keyPoints: "Key Points",
    actionItems: "Action Items",
    transcript: "Transcript",
    emptyTranscript: "No transcript available.",
    date: "Date",
    duration: "Duration",
    language: "Language",
    page: (n, of) => `Page ${n} of ${of}`,
  },
  es: {
    summary: "Resumen",
    keyPoints: "Puntos clave",
    actionItems: "Tareas",
    transcript: "Transcripción",
    emptyTranscript: "No hay transcripción disponible.",
    date: "Fecha",
    duration: "Duración",
    language: "Idioma",
    page: (n, of) => `Página ${n} de ${of}`,
  },
  fr: {
    summary: "Résumé",
    keyPoints: "Points clés",
    actionItems: "Actions à mener",
    transcript: "Transcription",
    emptyTranscript: "Aucune transcription disponible.",
    date: "Date",
    duration: "Durée",
    language: "Langue",
    page: (n, of) => `Page ${n} sur ${of}`,
  },
  de: {
    summary: "Zusammenfassung",
    keyPoints: "Kernpunkte",
    actionItems: "Aufgaben",
    transcript: "Transkript",
    emptyTranscript: "Kein Transkript verfügbar.",
    date: "Datum",
    duration: "Dauer",
    language: "Sprache",
    page: (n, of) => `Seite ${n} von ${of}`,
  },
};

/** The labels for `locale`, English for anything the interface does not speak. */
export function exportLabels(locale: string | undefined): ExportLabels & { locale: ExportLocale } {
  const known = (LANGUAGES as readonly string[]).includes(locale ?? "") ? (locale as ExportLocale) : "en";
  return { ...LABELS[known], locale: known };
}
