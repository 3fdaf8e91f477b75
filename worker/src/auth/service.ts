import type { LoginInput, RegisterInput } from "@verbatim/shared";
import type { Db } from "../db/client";
import type { Bindings } from "../env";
import { ApiError } from "../http/errors";
import { findConflicts, findUserByLogin, insertUser } from "../store/users";
import { guessWasRight, reserveGuess, signInLimits } from "./lockout";
import { decoyHash, hashPassword, verifyPassword } from "./password";
import { assertNotCommonPassword } from "./password-policy";
import { trustedDeviceKey } from "./trusted-device";

const INVALID_CREDENTIALS = "Invalid username or password";

export async function register(db: Db, input: RegisterInput) {
  const email = input.email.toLowerCase();
  await assertNotCommonPassword(input.password);
  const conflicts = await findConflicts(db, input.username, email);
  if (conflicts.username) throw new ApiError(409, "Username already exists");
  if (conflicts.email) throw new ApiError(409, "Email already registered");
  try {
    return await insertUser(db, { username: input.username, email, password: await hashPassword(input.password) });
  } catch (err) {
    // Two sign-ups racing for the same name: the UNIQUE constraint decides.
    if (String(err).includes("UNIQUE")) throw new ApiError(409, "Username or email already registered");
    throw err;
  }
}

/**
 * Same answer and similar timing whether the account exists or not (no user enumeration). The guess is counted
 * before the password is checked (lockout.ts), and given back when it was right.
 */
export async function authenticate(
  db: Db,
  env: Partial<Bindings>,
  input: LoginInput,
  client: { ip: string; deviceToken: string | null },
) {
  const user = await findUserByLogin(db, input.username);
  const deviceKey = await trustedDeviceKey(db, client.deviceToken, user?.id);
  const limits = signInLimits(user, input.username, { ip: client.ip, deviceKey }, env);
  const slots = await reserveGuess(db, limits);
  const ok = await verifyPassword(input.password, user?.password ?? (await decoyHash()));
  if (!user?.password || !ok) throw new ApiError(401, INVALID_CREDENTIALS);
  await guessWasRight(db, slots, limits[0]?.key);
  return user;
}
