import { z } from "zod";

// Messages are the spec's (§5): the forms and the API say the same words.
export const USERNAME_MIN = "Username must be at least 3 characters";
export const PASSWORD_MIN = "Password must be at least 6 characters";
export const EMAIL_INVALID = "Please enter a valid email";

export const loginSchema = z.object({
  username: z.string({ error: USERNAME_MIN }).trim().min(3, USERNAME_MIN).max(255),
  password: z.string({ error: PASSWORD_MIN }).min(6, PASSWORD_MIN).max(255),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = loginSchema.extend({
  email: z.string({ error: EMAIL_INVALID }).trim().max(255).pipe(z.email(EMAIL_INVALID)),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The browser form also asks for a confirmation, which is never sent. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string().min(6, PASSWORD_MIN) })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Current password is required"),
  newPassword: z.string().min(6, PASSWORD_MIN).max(255),
});
