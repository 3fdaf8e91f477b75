import { toast } from "@/components/ui/toast";
import { userMessage } from "@/lib/api";
import { translate } from "@/lib/i18n";

/** A change the server refused (or that could not be sent): its own message, under what was tried. */
export const toastRefusal = (title: string) => (error: unknown) =>
  toast({ variant: "destructive", title, description: userMessage(error, translate("workspaces.tryAgain")) });
