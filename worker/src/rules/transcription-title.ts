/** What a transcription is called wherever it is named (e-mails, notifications, webhooks, share pages, exports): the
 * name the user gave it, else its file's name. */
export const titleOf = (t: { name: string | null; fileName: string }) => t.name || t.fileName;
