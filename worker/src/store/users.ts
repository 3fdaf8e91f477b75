import { normalizeUsername } from "@verbatim/shared";
import { and, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type UserRow, users } from "../db/schema";
import { usernameKey } from "../rules/username-key";

export function findUserById(db: Db, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/**
 * Sign-in accepts the username or the e-mail, and the identifier says which: usernames cannot contain "@"
 * and addresses always do, so one identifier can never name two accounts.
 */
export async function findUserByLogin(db: Db, login: string) {
  const value = login.trim();
  if (value.includes("@"))
    return await db.query.users.findFirst({ where: sql`${users.email} = ${value} COLLATE NOCASE` });
  // The exact name first (it is unique case-insensitively); the look-alike key also finds "Ilya" typed as "llya".
  const name = normalizeUsername(value);
  const exact = await db.query.users.findFirst({ where: sql`${users.username} = ${name} COLLATE NOCASE` });
  return exact ?? db.query.users.findFirst({ where: eq(users.usernameKey, usernameKey(name)) });
}

export async function findConflicts(db: Db, username: string, email: string) {
  const key = usernameKey(username);
  const rows = await db
    .select({ usernameKey: users.usernameKey, email: users.email })
    .from(users)
    .where(or(eq(users.usernameKey, key), sql`${users.email} = ${email} COLLATE NOCASE`));
  return {
    username: rows.some((r) => r.usernameKey === key),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function insertUser(db: Db, values: { username: string; email: string; password: string }) {
  const [row] = await db
    .insert(users)
    .values({ id: crypto.randomUUID(), ...values, usernameKey: usernameKey(values.username) })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Whether another account already uses this e-mail (case-insensitively, like the UNIQUE column). */
export async function emailTakenByOther(db: Db, email: string, userId: string) {
  const row = await db.query.users.findFirst({
    columns: { id: true },
    where: and(sql`${users.email} = ${email} COLLATE NOCASE`, ne(users.id, userId)),
  });
  return row !== undefined;
}

export async function updateUser(db: Db, id: string, values: Partial<Omit<UserRow, "id" | "createdAt" | "updatedAt">>) {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/** Transcriptions, sessions, preferences and uploads go with the user (ON DELETE CASCADE). */
export async function deleteUser(db: Db, id: string) {
  await db.delete(users).where(eq(users.id, id));
}
