import { type EnhancedKeyPoint, markerTime, parseMarker } from "@verbatim/shared";

// "[mm:ss] Speaker: text"; the speaker part is trusted only when it names a known speaker.
const SPEAKER = /^([^:\n]{1,60}):\s+([\s\S]*)$/;
const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

function kindOf(text: string): EnhancedKeyPoint["kind"] {
  if (/\b(?:decided|decision|agreed|approved|will move|moves to|postponed)\b/i.test(text)) return "decision";
  if (
    /\b(?:will|to do|needs? to|owns?|is to|by (?:monday|tuesday|wednesday|thursday|friday|next|the end))\b/i.test(text)
  )
    return "action";
  return "point";
}

/**
 * Key points written by a language model, each anchored to the transcript paragraph that shares most of its
 * words, so they link to a moment like the offline ones do.
 */
export function anchorKeyPoints(
  points: readonly string[],
  formattedTranscript: string,
  speakers: ReadonlySet<string>,
): EnhancedKeyPoint[] {
  const paragraphs = formattedTranscript.split(/\n{2,}/).flatMap((p) => {
    const marked = parseMarker(p);
    if (!marked) return [];
    const said = SPEAKER.exec(marked.rest);
    return [
      {
        timestamp: markerTime(marked.seconds),
        speaker: said?.[1] && speakers.has(said[1]) ? said[1] : null,
        words: words(said ? (said[2] ?? "") : marked.rest),
      },
    ];
  });
  return points.map((text) => {
    const pointWords = words(text);
    let best = paragraphs[0];
    let bestShared = -1;
    for (const paragraph of paragraphs) {
      let shared = 0;
      for (const w of pointWords) if (paragraph.words.has(w)) shared++;
      if (shared > bestShared) {
        best = paragraph;
        bestShared = shared;
      }
    }
    return { text, kind: kindOf(text), speaker: best?.speaker ?? null, timestamp: best?.timestamp ?? "00:00" };
  });
}
