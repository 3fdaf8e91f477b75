import { toast } from "@/components/ui/toast";

/**
 * Puts a secret or an address on the clipboard, and says in a toast that it did, or that it could not (no clipboard,
 * or the browser refused): then the user selects it and copies it themselves.
 */
export async function copyWithToast(text: string, said: { copied: string; failed: string }) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: said.copied });
  } catch {
    toast({ variant: "destructive", title: said.failed });
  }
}
