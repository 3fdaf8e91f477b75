import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiKeyListSchema, type CreateApiKey, createdApiKeySchema } from "@verbatim/shared/api-keys";
import { api, read, send } from "@/lib/api";

// Settings › API (docs/architecture/api.md#api-keys): the session lists, creates and revokes keys.

const KEYS = ["/api/api-keys"] as const;

export function useApiKeys() {
  return useQuery({ queryKey: KEYS, queryFn: () => read(api["api-keys"].$get(), apiKeyListSchema) });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKey) => read(api["api-keys"].$post({ json: body }), createdApiKeySchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => send(api["api-keys"][":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}
