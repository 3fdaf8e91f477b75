import { toast } from "@/components/ui/toast";
import { localizeMessage, translate } from "@/lib/i18n";
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
    const title = now
      ? translate("library.quoted", { name: now.name || now.file_name })
      : translate("library.thisTranscription");
    const name = (change.kind === "rename" ? change.name : "") ?? "";
    const description =
      change.outcome === "conflict"
        ? change.kind === "rename"
          ? translate("library.renameConflict", { title, name })
          : translate("library.deleteConflict", { title })
        : change.outcome === "gone"
          ? translate("library.renameGone", { name })
          : change.kind === "rename"
            ? translate("library.renameRefused", { message: localizeMessage(change.message ?? "") })
            : translate("library.deleteRefused", { message: localizeMessage(change.message ?? "") });
    toast({ variant: "destructive", title: translate("library.notAppliedTitle"), description });
  }
}
