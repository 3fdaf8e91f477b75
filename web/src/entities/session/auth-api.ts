import type { LoginInput, RegisterInput } from "@verbatim/shared/auth";
import { type PublicUser, publicUserSchema, sessionSchema } from "@verbatim/shared/user";
import { api, read, send } from "@/lib/api";

/** The query key is the path. */
export const USER_QUERY_KEY = ["/api/user"] as const;

/**
 * The signed-in user, or null when there is none. GET /api/session answers 200 either way, so a visitor's page
 * logs no failed request (GET /api/user would answer 401). Other failures throw.
 */
export async function fetchCurrentUser(): Promise<PublicUser | null> {
  return (await read(api.session.$get(), sessionSchema)).user;
}

export const login = (input: LoginInput) => read(api.login.$post({ json: input }), publicUserSchema);

/** The confirmation stays in the form: only username, email and password are sent. */
export const register = ({ username, email, password }: RegisterInput) =>
  read(api.register.$post({ json: { username, email, password } }), publicUserSchema);

export async function logout() {
  await send(api.logout.$post());
}
