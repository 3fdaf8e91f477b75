import { type AskAnswer, type AskPassage, NOT_FOUND_ANSWER, NOT_FOUND_IN_LIBRARY } from "@verbatim/shared/ask";
import type { Db } from "../db/client";
import type { Space } from "../store/transcriptions";
import { retrieveLibraryPassages, retrievePassages } from "./retrieve";
import { keepAnswer, keepLibraryAnswer } from "./store";

/** What a question is asked of: where its lines are found, where its answer is kept, what "nothing found" says. */
export interface AskSource {
  passages(question: string): Promise<AskPassage[]>;
  keep(answer: Omit<AskAnswer, "askedAt">): Promise<AskAnswer>;
  notFound: string;
}

/** One transcription ("Ask this meeting"): its answers are kept with it, for everyone who may read it. */
export const meetingSource = (db: Db, transcriptionId: string): AskSource => ({
  passages: (question) => retrievePassages(db, transcriptionId, question),
  keep: (answer) => keepAnswer(db, transcriptionId, answer),
  notFound: NOT_FOUND_ANSWER,
});

/** A space's transcriptions ("Ask my library"): its answers are kept for the asker in that space. */
export const librarySource = (db: Db, space: Space): AskSource => ({
  passages: (question) => retrieveLibraryPassages(db, space, question),
  keep: (answer) => keepLibraryAnswer(db, space, answer),
  notFound: NOT_FOUND_IN_LIBRARY,
});
