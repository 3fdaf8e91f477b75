import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect } from "react";
import { toast } from "@/components/ui/toast";
import { translate } from "@/lib/i18n";
import { authErrorMessage, REDIRECT_URI_MISMATCH } from "./auth-errors";

/** An `error` parameter on an auth page shows a toast and is then removed from the address. */
export function useAuthErrorToast() {
  const { error } = useSearch({ strict: false });
  const navigate = useNavigate();

  useEffect(() => {
    if (!error) return;
    if (error === REDIRECT_URI_MISMATCH) {
      toast({
        variant: "destructive",
        title: translate("auth.redirectMismatch.title"),
        description: translate("auth.redirectMismatch.body"),
        action: {
          label: translate("auth.redirectMismatch.help"),
          onClick: () => void navigate({ to: "/google-oauth-help" }),
        },
      });
    } else {
      toast({ variant: "destructive", title: translate("auth.errorTitle"), description: authErrorMessage(error) });
    }
    void navigate({ to: ".", search: (prev) => ({ ...prev, error: undefined }), replace: true });
  }, [error, navigate]);
}
