// The auth area's public entry: what the app and other areas may use of it; the rest is its own.

export { bearerToken, useApiKey } from "./api-key";
export { apiKeyRoutes } from "./api-key-routes";
export { sendVerification } from "./email-routes";
export { guessWasRight, passwordChangeLimits, reserveGuess } from "./lockout";
export { currentUserId, loadSession, requireUser } from "./middleware";
export { decoyHash, hashPassword, verifyPassword } from "./password";
export { assertAcceptableNewPassword } from "./password-policy";
export { authRoutes } from "./routes";
export { createSession, deleteUserSessions, purgeExpiredSessions } from "./session-store";
export { purgeExpiredDevices } from "./trusted-device";
