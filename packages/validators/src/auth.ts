import { z } from "zod";
import { identityText, text } from "./text.js";

export const passwordSchema = text().min(8, "Password must be at least 8 characters").max(256, "Password must be at most 256 characters");

export const registerSchema = z.object({
  username: identityText().trim().min(2, "Username must be at least 2 characters").max(50, "Username must be at most 50 characters"),
  email: identityText().trim().email("Please enter a valid email address").max(254),
  password: passwordSchema,
  /** The code of an administrator's invitation (the `invite` parameter of its link); not needed for the first account. */
  inviteToken: text().trim().max(200, "Invitation code must be at most 200 characters").optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: identityText().trim().email("Please enter a valid email address").max(254),
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

/** The one answer to a registration without a valid invitation, whatever the email (issue 20 §1). */
export const INVITATION_REQUIRED_MESSAGE = "Registration needs an invitation from an administrator";

/** How long an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;

/** The Invite User dialog and `POST /api/users/invitations`: both fields optional. */
export const invitationCreateSchema = z.object({
  /** Only this address may register with the invitation (any case). */
  email: identityText().trim().email("Please enter a valid email address").max(254).optional(),
  /** The invitation creates an admin account. */
  isAdmin: z.boolean().optional(),
});
export type InvitationCreateInput = z.infer<typeof invitationCreateSchema>;

/** A new invitation: the token and its link are shown this once and never stored. */
export const createdInvitationSchema = z.object({
  id: z.string().uuid(),
  token: z.string(),
  url: z.string().url(),
  expiresAt: z.string().datetime(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

/** A pending invitation as User Management lists it: never its token. */
export const invitationSchema = z.object({
  id: z.string().uuid(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  /** The username of the admin who sent it (null when that account is gone). */
  createdBy: z.string().nullable(),
  createdAt: z.string().datetime(),
  expiresAt: z.string().datetime(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * What /auth is rendered with after a sign-in or registration form was posted without JavaScript
 * (issue 20 §6) and refused: which form, the message, and the values to show again. Never the
 * password.
 */
export type AuthFormServerState = {
  form: "login" | "register";
  message: string;
  email: string;
  username?: string;
  inviteToken?: string;
};
