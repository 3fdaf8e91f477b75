// Titles and file names keep every script, but not characters that are invisible yet change what a reader
// sees: C0/C1 controls (CR/LF, NUL, …) and the bidirectional controls that reorder text ("invoice\u202Eexe.txt"
// displays as "invoicetxt.exe"). Joiners (ZWJ/ZWNJ) stay: emoji and several scripts need them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is being removed.
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The text without control and bidi-control characters. */
export const withoutUnsafeChars = (text: string) => text.replace(UNSAFE, "");
