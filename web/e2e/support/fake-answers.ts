import type { Transcription } from "@verbatim/shared";
import type { Workspace } from "@verbatim/shared/workspaces";

// Answers the tests give the page in place of the Worker's, to show states the real flow cannot reach on demand.
// They are typed with the shared wire shapes, and the app logs an error for any answer that does not match its
// schema (which fails the test), so a fake cannot drift from what the Worker really sends.

/** A transcription as GET /api/transcriptions/{id} returns it. */
export function fakeTranscription(overrides: Partial<Transcription> = {}): Transcription {
  return {
    id: "t-1",
    user_id: "u",
    workspace_id: null,
    name: null,
    file_name: "standup.m4a",
    file_path: "x",
    file_type: "audio/mp4",
    file_size: 1000,
    status: "COMPLETED",
    progress_percentage: 100,
    text: "[00:00] Good morning.\n[00:04] Let's start.",
    filtered_text: null,
    summary: null,
    key_points: null,
    summary_analysis: null,
    transcription_details: null,
    claude_analysis: null,
    formatted_transcript: null,
    enhanced_key_points: null,
    informative_summary: null,
    error_message: null,
    language: "en",
    duration: 8,
    analysis_engine: null,
    diarize: false,
    num_speakers: null,
    task: "transcribe",
    transcript_version: 1,
    created_at: "2026-03-04T14:05:00.000Z",
    updated_at: "2026-03-04T14:06:00.000Z",
    ...overrides,
  };
}

/** A team workspace as GET /api/workspaces lists it: FREE, nothing uploaded this month. */
export function fakeWorkspace(overrides: Partial<Workspace> = {}): Workspace {
  return {
    id: "w1",
    name: "Research",
    role: "member",
    ownerName: "Olga Owner",
    memberCount: 2,
    plan: "FREE",
    usage: { used: 0, limit: 3 },
    createdAt: "2026-11-01T00:00:00.000Z",
    ...overrides,
  };
}
