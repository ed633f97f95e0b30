import { z } from "zod";
import { text } from "./text.js";

export const passwordSchema = text().min(8, "Password must be at least 8 characters").max(256, "Password must be at most 256 characters");

export const registerSchema = z.object({
  username: text().trim().min(2, "Username must be at least 2 characters").max(50, "Username must be at most 50 characters"),
  email: text().trim().email("Please enter a valid email address").max(254),
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: text().trim().email("Please enter a valid email address").max(254),
  password: text().min(1, "Password is required").max(256),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** What the API answers for a user: never a password or hash. */
export const userSchema = z.object({
  id: z.string().uuid(),
  username: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  createdAt: z.string().datetime(),
});
export type User = z.infer<typeof userSchema>;

/** The Reset Password dialog (docs/product.md §5): the request body only carries `password`. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: passwordSchema,
    confirmPassword: text().min(8, "Password must be at least 8 characters"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const resetPasswordSchema = z.object({ password: passwordSchema });
