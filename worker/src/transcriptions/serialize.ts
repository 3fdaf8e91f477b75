import type { Transcription } from "@verbatim/shared";
import type { TranscriptionRow } from "../db/schema";
import { LIST_TEXT_CHARS } from "../store/transcriptions";

/** JSON columns are returned parsed; a value that doesn't parse is returned as stored (clients ignore it). */
function parsed(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export function toTranscription(t: TranscriptionRow): Transcription {
  return {
    id: t.id,
    user_id: t.userId,
    workspace_id: t.workspaceId,
    name: t.name,
    file_name: t.fileName,
    file_path: t.filePath,
    file_type: t.fileType,
    file_size: t.fileSize,
    status: t.status,
    progress_percentage: t.progressPercentage,
    text: t.text,
    filtered_text: t.filteredText,
    summary: t.summary,
    key_points: parsed(t.keyPoints),
    summary_analysis: parsed(t.summaryAnalysis),
    transcription_details: parsed(t.transcriptionDetails),
    claude_analysis: parsed(t.claudeAnalysis),
    formatted_transcript: t.formattedTranscript,
    enhanced_key_points: parsed(t.enhancedKeyPoints),
    informative_summary: t.informativeSummary,
    error_message: t.errorMessage,
    language: t.language,
    duration: t.duration,
    analysis_engine: t.analysisEngine,
    diarize: t.diarize,
    num_speakers: t.numSpeakers,
    task: t.task,
    transcript_version: t.transcriptVersion,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}

/** The list omits the heavy text columns; the detail call has everything. */
export function toListItem(t: TranscriptionRow): Transcription {
  return {
    ...toTranscription(t),
    text: t.text ? t.text.slice(0, LIST_TEXT_CHARS) : null,
    filtered_text: null,
    formatted_transcript: null,
  };
}
