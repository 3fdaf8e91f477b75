import { atom, useAtom } from "jotai";
import { useCallback } from "react";
import { appStore } from "@/lib/store";

// Which speakers the transcript shows. The speakers panel (webspk15) sets it; the transcript lines and the
// editor (webedit15) read it with `isLineShown`, so the filter needs no props threaded through both owners'
// components. Speaker values are what a line carries: a diarized id ("SPEAKER_00") or a legacy "Name:" label.

/** The speakers to show; empty means everyone (the default, and what clearing the filter returns to). */
export type SpeakerFilter = readonly string[];

const ALL: SpeakerFilter = [];

/** Kept per transcription so opening another recording never hides its lines behind an old choice. */
const filterAtom = atom<{ transcriptionId: string; speakers: SpeakerFilter }>({ transcriptionId: "", speakers: ALL });

/** Whether a line (or segment) by `speaker` is shown; lines without a speaker hide only while a filter is on. */
export function isLineShown(filter: SpeakerFilter, speaker: string | null | undefined): boolean {
  if (filter.length === 0) return true;
  return speaker != null && filter.includes(speaker);
}

/** Adds or removes one speaker; removing the last one shows everyone again. */
export function toggleSpeaker(filter: SpeakerFilter, speaker: string): SpeakerFilter {
  return filter.includes(speaker) ? filter.filter((s) => s !== speaker) : [...filter, speaker];
}

/** The filter for one transcription, and a setter (pass [] to show everyone). */
export function useSpeakerFilter(transcriptionId: string): [SpeakerFilter, (next: SpeakerFilter) => void] {
  const [state, setState] = useAtom(filterAtom, { store: appStore });
  const filter = state.transcriptionId === transcriptionId ? state.speakers : ALL;
  const setFilter = useCallback(
    (next: SpeakerFilter) => setState({ transcriptionId, speakers: next }),
    [setState, transcriptionId],
  );
  return [filter, setFilter];
}
