import {
  analysisCapabilitiesSchema,
  CURRENT_PASSWORD_INCORRECT,
  changePasswordSchema,
  DELETE_CONFIRM_MISMATCH,
  deleteAccountSchema,
  messageResponseSchema,
  PROFILE_IMAGE_EMPTY_MESSAGE,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_SIZE_MESSAGE,
  PROFILE_IMAGE_TYPE_MESSAGE,
  PROFILE_IMAGE_TYPES,
  type ProfileImageResponse,
  type ProfileUpdateResponse,
  preferencesSchema,
  preferencesUpdateSchema,
  profileImageFormSchema,
  profileImageResponseSchema,
  profileUpdateResponseSchema,
  profileUpdateSchema,
  publicUserSchema,
} from "@verbatim/shared";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { analysisCapabilities, analysisConfigOf } from "../analysis";
import {
  assertAcceptableNewPassword,
  currentUserId,
  decoyHash,
  deleteUserSessions,
  guessWasRight,
  hashPassword,
  passwordChangeLimits,
  requireUser,
  reserveGuess,
  sendVerification,
  verifyPassword,
} from "../auth";
import type { AppEnv } from "../env";
import { ApiError, notFound } from "../http/errors";
import { doc, file, formBody, json } from "../http/openapi";
import { clearSessionCookie } from "../http/session-cookie";
import { validate } from "../http/validate";
import { queueEmail } from "../mail";
import { getPreferences, savePreferences } from "../store/preferences";
import { toPublicUser } from "../store/public-user";
import { emailTakenByOther, findUserById, updateUser } from "../store/users";
import { deleteAccount } from "./account";
import { keyOfProfilePicture, newProfileImage, profileImageKey, sniffImageType } from "./profile-image";

/** Room for the multipart envelope around a 5 MB image, so the stream is cut off early for anything far bigger. */
const MULTIPART_OVERHEAD = 64 * 1024;

async function signedInUser(c: Context<AppEnv>) {
  const user = await findUserById(c.get("db"), currentUserId(c));
  // The session outlived its account (deleted in another tab): treat it as signed out.
  if (!user) throw new ApiError(401, "Not authenticated");
  return user;
}

const tag = "account";
const docs = {
  user: doc({ summary: "The signed-in user", tag: "auth", responses: { 200: json(publicUserSchema, "The user") } }),
  preferences: doc({
    summary: "The user's preferences, every field",
    tag,
    responses: { 200: json(preferencesSchema, "Preferences") },
  }),
  savePreferences: doc({
    summary: "Save any sections or fields of the preferences",
    tag,
    responses: { 200: json(preferencesSchema, "All preferences after saving") },
    errors: [400],
  }),
  analysisCapabilities: doc({
    summary: "Which AI Assistant preferences the server's analysis engine applies",
    tag,
    responses: { 200: json(analysisCapabilitiesSchema, "The engine and what it can apply") },
  }),
  profile: doc({
    summary: "Update name, e-mail, company and job title",
    tag,
    responses: { 200: json(profileUpdateResponseSchema, "Saved") },
    errors: [400, 409],
  }),
  uploadImage: doc({
    summary: "Upload a profile picture",
    tag,
    requestBody: formBody(profileImageFormSchema, "The image in the `file` field"),
    responses: { 200: json(profileImageResponseSchema, "Saved; the URL serves it") },
    errors: [400, 413, 415],
  }),
  image: doc({
    summary: "The user's own profile picture",
    tag,
    responses: { 200: file("The image", ["image/jpeg", "image/png", "image/gif"]) },
    errors: [404],
  }),
  password: doc({
    summary: "Change the password; the user's other sessions end",
    tag,
    responses: { 200: json(messageResponseSchema, "Changed") },
    errors: [400, 429],
  }),
  remove: doc({
    summary: "Delete the account with all its data and media (confirm with the username)",
    tag,
    responses: { 200: json(messageResponseSchema, "Deleted; the session cookie is cleared") },
    errors: [400, 409],
  }),
};

/** /api/user: the signed-in user's account, profile, preferences and password. */
export const userRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", docs.user, async (c) => c.json(toPublicUser(await signedInUser(c))))
  .get("/preferences", docs.preferences, async (c) => c.json(await getPreferences(c.get("db"), currentUserId(c))))
  .put("/preferences", docs.savePreferences, validate("json", preferencesUpdateSchema), async (c) =>
    c.json(await savePreferences(c.get("db"), currentUserId(c), c.req.valid("json"))),
  )
  .get("/analysis-capabilities", docs.analysisCapabilities, (c) =>
    c.json(analysisCapabilities(analysisConfigOf(c.env))),
  )
  .put("/profile", docs.profile, validate("json", profileUpdateSchema), async (c) => {
    const db = c.get("db");
    const userId = currentUserId(c);
    const input = c.req.valid("json");
    const email = input.email.toLowerCase();
    if (await emailTakenByOther(db, email, userId)) throw new ApiError(409, "Email already registered");
    const before = await signedInUser(c);
    const changed = email !== before.email.toLowerCase();
    const user = await updateUser(db, userId, {
      fullName: input.full_name,
      email,
      // A new address is only claimed until proven (google/account.ts): it no longer blocks its real owner.
      ...(changed ? { emailVerifiedAt: null } : {}),
      company: input.company || null,
      jobTitle: input.job_title || null,
    });
    if (!user) throw new ApiError(401, "Not authenticated");
    if (changed) {
      // The new address gets its confirmation link; the old one hears of the change, whatever the settings.
      await sendVerification(c.env, db, new URL(c.req.url).origin, user);
      await queueEmail(c.env, { kind: "email-changed-old", userId, oldEmail: before.email, newEmail: email });
    }
    const body: ProfileUpdateResponse = { message: "Profile updated successfully", user: toPublicUser(user) };
    return c.json(body);
  })
  .post(
    "/profile/upload-image",
    docs.uploadImage,
    bodyLimit({
      maxSize: PROFILE_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD,
      onError: () => {
        throw new ApiError(413, PROFILE_IMAGE_SIZE_MESSAGE);
      },
    }),
    async (c) => {
      const db = c.get("db");
      const user = await signedInUser(c);
      const form = await c.req.parseBody().catch(() => {
        throw new ApiError(400, "Expected a multipart form with a file field");
      });
      const file = form.file;
      if (!(file instanceof File)) throw new ApiError(400, "No file uploaded");
      const declared = file.type.split(";")[0]?.trim().toLowerCase() ?? "";
      if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(declared)) {
        throw new ApiError(415, PROFILE_IMAGE_TYPE_MESSAGE);
      }
      if (file.size === 0) throw new ApiError(400, PROFILE_IMAGE_EMPTY_MESSAGE);
      if (file.size > PROFILE_IMAGE_MAX_BYTES) throw new ApiError(413, PROFILE_IMAGE_SIZE_MESSAGE);
      const bytes = new Uint8Array(await file.arrayBuffer());
      // The real type decides how it is stored and served; a PNG named .jpg is still a fine PNG.
      const type = sniffImageType(bytes.subarray(0, 16));
      if (!type) throw new ApiError(415, PROFILE_IMAGE_TYPE_MESSAGE);

      const image = newProfileImage(user.id, type);
      await c.env.MEDIA.put(image.key, bytes, { httpMetadata: { contentType: type } });
      const updated = await updateUser(db, user.id, { profilePicture: image.url });
      if (!updated) {
        await c.env.MEDIA.delete(image.key);
        throw new ApiError(401, "Not authenticated");
      }
      const previous = keyOfProfilePicture(user.id, user.profilePicture);
      if (previous) await c.env.MEDIA.delete(previous);
      const body: ProfileImageResponse = { profilePictureUrl: image.url, user: toPublicUser(updated) };
      return c.json(body);
    },
  )
  .get("/profile-image/:file", docs.image, async (c) => {
    // The key is built from the caller's own id, so another user's file name simply is not found.
    const target = profileImageKey(currentUserId(c), c.req.param("file"));
    const object = target && (await c.env.MEDIA.get(target.key));
    if (!target || !object) throw notFound("Image not found");
    return new Response(object.body, {
      headers: {
        "Content-Type": object.httpMetadata?.contentType ?? target.contentType,
        "Content-Length": String(object.size),
        // Every upload gets a new name, so a name's bytes never change; private keeps it out of shared caches.
        "Cache-Control": "private, max-age=31536000, immutable",
        ETag: object.httpEtag,
        "X-Content-Type-Options": "nosniff",
      },
    });
  })
  .put("/password", docs.password, validate("json", changePasswordSchema), async (c) => {
    const db = c.get("db");
    const user = await signedInUser(c);
    const { currentPassword, newPassword } = c.req.valid("json");
    // A stolen session must not be able to guess its way to the password: same lockout as sign-in, the guess
    // counted before the password is checked.
    const slots = await reserveGuess(db, passwordChangeLimits(user.id));
    const ok = await verifyPassword(currentPassword, user.password ?? (await decoyHash()));
    if (!user.password || !ok) throw new ApiError(400, CURRENT_PASSWORD_INCORRECT);
    await guessWasRight(db, slots);
    await assertAcceptableNewPassword(newPassword, user);
    await updateUser(db, user.id, { password: await hashPassword(newPassword) });
    // Anyone else holding a session (a lost laptop, a thief) is signed out; this browser stays signed in.
    await deleteUserSessions(db, user.id, c.get("sessionId") ?? undefined);
    await queueEmail(c.env, {
      kind: "activity",
      userId: user.id,
      event: "password-changed",
      at: new Date().toISOString(),
    });
    return c.json({ message: "Password updated successfully" });
  })
  .delete("/", docs.remove, validate("json", deleteAccountSchema), async (c) => {
    const user = await signedInUser(c);
    if (c.req.valid("json").confirm !== user.username) throw new ApiError(400, DELETE_CONFIRM_MISMATCH);
    await deleteAccount(c.get("db"), c.env.MEDIA, user.id);
    clearSessionCookie(c);
    return c.json({ message: "Account deleted" });
  });
