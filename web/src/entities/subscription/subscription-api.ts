import { useMutation, useQuery } from "@tanstack/react-query";
import { isActivePro, redirectUrlSchema, subscriptionSchema } from "@verbatim/shared/subscription";
import { toast } from "@/components/ui/toast";
import { useAuth } from "@/entities/session/use-auth";
import { api, read, userMessage } from "@/lib/api";
import { translate } from "@/lib/i18n";

export const SUBSCRIPTION_QUERY_KEY = ["/api/subscription"] as const;

/** After checkout the plan is polled every 3 s (stale after 1 s); the webhook may lag the redirect. */
const POLL_MS = 3000;

export function useSubscription({ pollUntilActive = false }: { pollUntilActive?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({
    queryKey: SUBSCRIPTION_QUERY_KEY,
    queryFn: () => read(api.subscription.$get(), subscriptionSchema),
    // A visitor has no plan to ask for (the sidebar on /auth): no request, so no 401 in the console.
    enabled: user !== null,
    // The plan changes behind the user's back (payment webhooks), so it is re-read when a screen opens; the
    // few seconds keep the sidebar and the page it shows from each asking for it on the same load.
    staleTime: pollUntilActive ? 1000 : 5000,
    refetchInterval: pollUntilActive ? (query) => (isActivePro(query.state.data) ? false : POLL_MS) : false,
  });
}

/** The payment provider's hosted pages are full-page navigations (checkout, billing portal). */
export function useCheckout() {
  return useMutation({
    mutationFn: (priceId: string) =>
      read(api["create-checkout-session"].$post({ json: { priceId } }), redirectUrlSchema),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: translate("common.error"),
        description: userMessage(error, translate("plans.checkoutFailed")),
      }),
  });
}

export function useCustomerPortal() {
  return useMutation({
    mutationFn: () => read(api["create-customer-portal"].$post(), redirectUrlSchema),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: translate("common.error"),
        description: userMessage(error, translate("plans.portalFailed")),
      }),
  });
}
