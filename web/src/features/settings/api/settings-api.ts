import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Preferences, PreferencesUpdate } from "@verbatim/shared/preferences";
import type { ProfileImageResponse, ProfileUpdate, ProfileUpdateResponse } from "@verbatim/shared/profile";
import type { PublicUser } from "@verbatim/shared/user";
import { USER_QUERY_KEY } from "@/entities/session/auth-api";
import { useAuth } from "@/entities/session/use-auth";
import { PREFERENCES_QUERY_KEY } from "@/entities/user/preferences";
import { apiJson, jsonBody } from "@/lib/api";
import { xhrUpload } from "@/lib/xhr";

/** PUT /api/user/preferences with one section; the answer (the full object) becomes the cached copy. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PreferencesUpdate) => apiJson<Preferences>("/api/user/preferences", jsonBody("PUT", update)),
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_QUERY_KEY, saved),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdate) => apiJson<ProfileUpdateResponse>("/api/user/profile", jsonBody("PUT", input)),
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
      return xhrUpload<ProfileImageResponse>({
        method: "POST",
        url: "/api/user/profile/upload-image",
        body,
        onProgress: (loaded, total) => onProgress(Math.round((loaded / total) * 100)),
      });
    },
    // Setting the user refreshes its timestamp, which is the avatars' cache-busting query (spec §7).
    onSuccess: ({ user }) => queryClient.setQueryData<PublicUser | null>(USER_QUERY_KEY, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiJson<{ message: string }>("/api/user/password", jsonBody("PUT", input)),
  });
}

/**
 * DELETE /api/user. Afterwards the session is gone: the app leaves the protected screen and forgets everything
 * kept for the account (cached queries, files left to upload), as at logout.
 */
export function useDeleteAccount() {
  const { endSession } = useAuth();
  return useMutation({
    mutationFn: (confirm: string) => apiJson<{ message: string }>("/api/user", jsonBody("DELETE", { confirm })),
    onSuccess: endSession,
  });
}
