// Types for the browser and Worker tests, which check recognised words through this module.
export declare const JFK_PHRASE: string;
export declare function plainWords(text: string): string;
export declare function says(text: string | null | undefined, phrase?: string): boolean;
export declare function phrasePattern(phrase?: string): RegExp;
