import { z } from "zod";

// Messages are the spec's: the forms and the API say the same words.
export const USERNAME_MIN = "Username must be at least 3 characters";
export const PASSWORD_MIN = "Password must be at least 6 characters";
export const EMAIL_INVALID = "Please enter a valid email";

// Usernames (docs/security.md#usernames): NFKC-normalised, then only ASCII letters, digits, dots,
// hyphens and underscores, starting with a letter or digit. Never an e-mail address: sign-in treats an
// identifier with "@" as an e-mail and anything else as a username, so neither can shadow the other.
export const USERNAME_MAX = 64;
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const USERNAME_EMAIL = "Username cannot be an email address";
export const USERNAME_CHARS =
  "Username may only use letters (a-z), digits, dots, hyphens and underscores, and must start with a letter or digit";
export const USERNAME_LONG = `Username must be at most ${USERNAME_MAX} characters`;
export const PASSWORD_BLANK = "Password cannot be only spaces";
export const PASSWORD_PERSONAL = "Password must not be your username or email";
export const PASSWORD_COMMON = "This password is too common. Choose one that is harder to guess";

/** NFKC folds compatibility forms (fullwidth letters, ligatures) into the letters they display as. */
export const normalizeUsername = (value: string) => value.normalize("NFKC").trim();

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });
/** Characters as the user sees them: "é" typed as e + combining accent is one, an emoji family is one. */
export const visibleLength = (value: string) => [...graphemes.segment(value.normalize("NFC"))].length;

export const usernameSchema = z
  .string({ error: USERNAME_MIN })
  .transform(normalizeUsername)
  .pipe(
    z
      .string()
      .min(3, USERNAME_MIN)
      .max(USERNAME_MAX, USERNAME_LONG)
      .refine((v) => !v.includes("@"), USERNAME_EMAIL)
      .refine((v) => v.includes("@") || USERNAME_PATTERN.test(v), USERNAME_CHARS),
  );

/** A new password: six characters as the user counts them, not blank. The common-password list is the server's. */
export const newPasswordSchema = z
  .string({ error: PASSWORD_MIN })
  .max(255)
  .refine((v) => visibleLength(v) >= 6, PASSWORD_MIN)
  .refine((v) => v.trim() !== "", PASSWORD_BLANK);

/** Whether the password merely repeats the account's own name or address (compared as typed, case-blind). */
export const isPersonalPassword = (password: string, ...personal: string[]) =>
  personal.some((p) => p.trim() !== "" && password.trim().toLowerCase() === p.trim().toLowerCase());

/** Sign-in takes a username or an e-mail address ("@" decides which). */
export const loginSchema = z.object({
  username: z.string({ error: USERNAME_MIN }).trim().min(3, USERNAME_MIN).max(255),
  password: z.string({ error: PASSWORD_MIN }).min(6, PASSWORD_MIN).max(255),
});
export type LoginInput = z.infer<typeof loginSchema>;

const registerFields = z.object({
  username: usernameSchema,
  password: newPasswordSchema,
  email: z.string({ error: EMAIL_INVALID }).trim().max(255).pipe(z.email(EMAIL_INVALID)),
});

const notPersonal = (v: { username: string; email: string; password: string }, ctx: z.RefinementCtx) => {
  if (isPersonalPassword(v.password, v.username, v.email))
    ctx.addIssue({ code: "custom", message: PASSWORD_PERSONAL, path: ["password"] });
};

export const registerSchema = registerFields.superRefine(notPersonal);
export type RegisterInput = z.infer<typeof registerSchema>;

/** The browser form also asks for a confirmation, which is never sent. */
export const registerFormSchema = registerFields
  .extend({ confirmPassword: z.string().min(6, PASSWORD_MIN) })
  .superRefine(notPersonal)
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Current password is required"),
  newPassword: newPasswordSchema,
});
