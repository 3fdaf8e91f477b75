import { isActive } from "@verbatim/shared";
import { analysisConfigOf, runAnalysis } from "../analysis";
import type { Db } from "../db/client";
import type { Bindings } from "../env";
import { getPreferences } from "../store/preferences";
import { reindexTranscription } from "../store/search-index";
import { appendLog, getById } from "../store/transcriptions";
import { namedSegments, readCurrentDoc } from "../transcript-doc";
import { moveTranscription, notifyFinished } from "./state-repository";

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/**
 * Fills summary, key points and analysis. A failure here never costs the user the transcript: the status
 * becomes COMPLETED_WITH_ERRORS with the reason, and the analysis alone can be run again.
 */
export async function analyze(env: Bindings, db: Db, transcriptionId: string) {
  const t = await getById(db, transcriptionId);
  if (!t || !isActive(t.status)) return;
  await appendLog(db, transcriptionId, "Analysing the transcript (summary, key points, topics, action items)");
  try {
    // The current transcript, with the user's edits and speaker names.
    const doc = await readCurrentDoc(env, t);
    if (!doc) throw new Error("the timed transcript is missing from storage");
    const prefs = await getPreferences(db, t.userId);
    const result = await runAnalysis(
      { segments: namedSegments(doc), language: doc.language, duration: doc.duration },
      prefs.ai,
      analysisConfigOf(env),
    );
    // Speaker recognition that failed leaves a complete transcript without speakers: kept, with the reason.
    const diarizationFailed = doc.diarization?.state === "failed" ? doc.diarization.message : null;
    const completed = await moveTranscription(
      db,
      transcriptionId,
      diarizationFailed ? "completeWithErrors" : "complete",
      {
        summary: result.summary,
        keyPoints: json(result.key_points),
        summaryAnalysis: json(result.summary_analysis),
        transcriptionDetails: json(result.transcription_details),
        formattedTranscript: result.formatted_transcript,
        informativeSummary: result.informative_summary,
        enhancedKeyPoints: json(result.enhanced_key_points),
        claudeAnalysis: json(result.claude_analysis),
        analysisEngine: result.engine,
        progressPercentage: 100,
        errorMessage: diarizationFailed,
        leaseUntil: null,
      },
    );
    if (!completed) return; // deleted, or failed by another job, meanwhile
    await reindexTranscription(db, transcriptionId); // the summary is searchable
    for (const note of result.notes) await appendLog(db, transcriptionId, note, "warn");
    if (diarizationFailed) await appendLog(db, transcriptionId, diarizationFailed, "error");
    await appendLog(db, transcriptionId, `Completed (analysis by the ${result.engine} engine)`);
    await notifyFinished(env, t.userId, transcriptionId);
  } catch (err) {
    const reason = `Analysis failed: ${(err as Error).message}. The transcript is complete; run the analysis again later.`;
    const moved = await moveTranscription(db, transcriptionId, "completeWithErrors", {
      progressPercentage: 100,
      errorMessage: reason,
      leaseUntil: null,
    });
    if (moved) {
      await appendLog(db, transcriptionId, reason, "error");
      await notifyFinished(env, t.userId, transcriptionId);
    }
  }
}
