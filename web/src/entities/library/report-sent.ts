import { toast } from "@/components/ui/toast";
import { libraryFor } from "./library-db";
import type { SentChange } from "./pending-changes";

/**
 * Tells the user what became of the changes they made offline that the server did not take: changed
 * elsewhere meanwhile (the newer version is kept), deleted elsewhere, or refused for a reason.
 */
export async function reportSentChanges(userId: string, sent: SentChange[]) {
  const lib = libraryFor(userId);
  for (const change of sent) {
    if (change.outcome === "applied") continue;
    const now = await lib.transcriptions.get(change.transcriptionId);
    const title = now ? `“${now.name || now.file_name}”` : "This transcription";
    const description =
      change.outcome === "conflict"
        ? change.kind === "rename"
          ? `${title} was changed elsewhere while you were offline, so your rename to “${change.name}” was not applied. The newer version is kept.`
          : `${title} was changed elsewhere while you were offline, so it was not deleted. The newer version is kept.`
        : change.outcome === "gone"
          ? `Your rename to “${change.name}” was not applied: the transcription was deleted elsewhere.`
          : `Your offline ${change.kind === "rename" ? "rename" : "delete"} was not applied: ${change.message}`;
    toast({ variant: "destructive", title: "An offline change was not applied", description });
  }
}
