// webvtt-parser ships no types; this covers what the subtitle tests read.
declare module "webvtt-parser" {
  export interface WebVTTCue {
    startTime: number;
    endTime: number;
    text: string;
  }
  export class WebVTTParser {
    parse(
      input: string,
      mode?: "subtitles" | "chapters" | "metadata",
    ): {
      cues: WebVTTCue[];
      errors: { message: string; line: number; col: number }[];
    };
  }
}
