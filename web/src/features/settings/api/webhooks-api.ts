import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CreateWebhook,
  type UpdateWebhook,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from "@verbatim/shared/webhooks";
import { api, read, send } from "@/lib/api";

// Settings › API › Webhooks (docs/architecture/api.md#webhooks): endpoints, their secrets and delivery logs.

const ENDPOINTS = ["/api/webhooks"] as const;
const deliveriesKey = (id: string) => ["/api/webhooks", id, "deliveries"] as const;

export function useWebhooks() {
  return useQuery({ queryKey: ENDPOINTS, queryFn: () => read(api.webhooks.$get(), webhookEndpointListSchema) });
}

/** Every change answers with the endpoint as it is now; the list is fetched again. */
function useEndpointMutation<T>(call: (vars: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENDPOINTS }),
  });
}

export const useCreateWebhook = () =>
  useEndpointMutation((body: CreateWebhook) => read(api.webhooks.$post({ json: body }), webhookEndpointSchema));

export const useUpdateWebhook = () =>
  useEndpointMutation(({ id, ...json }: UpdateWebhook & { id: string }) =>
    read(api.webhooks[":id"].$patch({ param: { id }, json }), webhookEndpointSchema),
  );

export const useDeleteWebhook = () =>
  useEndpointMutation((id: string) => send(api.webhooks[":id"].$delete({ param: { id } })));

export const useRotateWebhookSecret = () =>
  useEndpointMutation((id: string) =>
    read(api.webhooks[":id"]["rotate-secret"].$post({ param: { id } }), webhookEndpointSchema),
  );

export function useWebhookDeliveries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: () => read(api.webhooks[":id"].deliveries.$get({ param: { id } }), webhookDeliveryListSchema),
    enabled,
  });
}

/** Resend or a test event: queued at once; the log is fetched again to show it. */
function useDeliveryMutation<T>(id: string, call: (vars: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}

export const useResendDelivery = (id: string) =>
  useDeliveryMutation(id, (deliveryId: string) =>
    read(
      api.webhooks[":id"].deliveries[":deliveryId"].resend.$post({ param: { id, deliveryId } }),
      webhookDeliverySchema,
    ),
  );

export const useSendTestEvent = (id: string) =>
  useDeliveryMutation(id, () => read(api.webhooks[":id"].test.$post({ param: { id } }), webhookDeliverySchema));
