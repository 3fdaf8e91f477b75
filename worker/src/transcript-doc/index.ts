// The transcript-doc area's public entry: what the app and other areas may use of it; the rest is its own.
export { renameSpeakers, restoreVersion, saveTranscript, speakerSuggestions } from "./editor";
export { joinChunks } from "./join-chunks";
export { namedSegments } from "./speakers";
export { commitMachineTranscript, listVersions, readCurrentDoc, readVersion, startTranscriptRun } from "./store";
