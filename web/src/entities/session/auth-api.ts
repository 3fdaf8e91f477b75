import type { LoginInput, RegisterInput } from "@verbatim/shared/auth";
import type { PublicUser } from "@verbatim/shared/user";
import { ApiError, apiFetch, apiJson, jsonBody } from "@/lib/api";

/** Spec §7: the query key is the path. */
export const USER_QUERY_KEY = ["/api/user"] as const;

/** The signed-in user, or null when there is none (401). Other failures throw. */
export async function fetchCurrentUser(): Promise<PublicUser | null> {
  try {
    return await apiJson<PublicUser>("/api/user");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const login = (input: LoginInput) => apiJson<PublicUser>("/api/login", jsonBody("POST", input));

/** The confirmation stays in the form: only username, email and password are sent (spec §5). */
export const register = ({ username, email, password }: RegisterInput) =>
  apiJson<PublicUser>("/api/register", jsonBody("POST", { username, email, password }));

export async function logout() {
  await apiFetch("/api/logout", { method: "POST" });
}
