import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { analysisCapabilitiesSchema, type PreferencesUpdate, preferencesSchema } from "@verbatim/shared/preferences";
import { type ProfileUpdate, profileImageResponseSchema, profileUpdateResponseSchema } from "@verbatim/shared/profile";
import type { PublicUser } from "@verbatim/shared/user";
import { USER_QUERY_KEY } from "@/entities/session/auth-api";
import { useAuth } from "@/entities/session/use-auth";
import { PREFERENCES_QUERY_KEY } from "@/entities/user/preferences";
import { api, read, send } from "@/lib/api";
import { xhrUpload } from "@/lib/xhr";

/** PUT /api/user/preferences with one section; the answer (the full object) becomes the cached copy. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PreferencesUpdate) => read(api.user.preferences.$put({ json: update }), preferencesSchema),
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_QUERY_KEY, saved),
  });
}

/** GET /api/user/analysis-capabilities: which AI Assistant settings the server's analysis engine applies. */
export function useAnalysisCapabilities() {
  return useQuery({
    queryKey: ["/api/user/analysis-capabilities"],
    queryFn: () => read(api.user["analysis-capabilities"].$get(), analysisCapabilitiesSchema),
    staleTime: 60 * 60 * 1000,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdate) => read(api.user.profile.$put({ json: input }), profileUpdateResponseSchema),
    onSuccess: ({ user }) => queryClient.setQueryData<PublicUser | null>(USER_QUERY_KEY, user),
  });
}

/** XHR, for the progress the profile tab shows (fetch reports no upload progress). */
export function useUploadProfileImage(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file);
      return xhrUpload({
        method: "POST",
        url: api.user.profile["upload-image"].$url(),
        schema: profileImageResponseSchema,
        body,
        onProgress: (loaded, total) => onProgress(Math.round((loaded / total) * 100)),
      });
    },
    // Setting the user refreshes its timestamp, which is the avatars' cache-busting query.
    onSuccess: ({ user }) => queryClient.setQueryData<PublicUser | null>(USER_QUERY_KEY, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      send(api.user.password.$put({ json: input })),
  });
}

/**
 * DELETE /api/user. Afterwards the session is gone: the app leaves the protected screen and forgets everything
 * kept for the account (cached queries, files left to upload), as at logout.
 */
export function useDeleteAccount() {
  const { endSession } = useAuth();
  return useMutation({
    mutationFn: (confirm: string) => send(api.user.$delete({ json: { confirm } })),
    onSuccess: endSession,
  });
}
