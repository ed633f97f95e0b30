import { z } from "zod";
import { identityText, text } from "./text.js";

const passwordSchema = text().min(8, "Password must be at least 8 characters").max(256, "Password must be at most 256 characters");

export const registerSchema = z.object({
  username: identityText()
    .trim()
    .min(2, "Username must be at least 2 characters")
    .max(50, "Username must be at most 50 characters")
    .meta({ description: "The new account's name, shown in the dashboard (unique)." }),
  email: identityText()
    .trim()
    .email("Please enter a valid email address")
    .max(254)
    .meta({ description: "The new account's email address, used to sign in (unique)." }),
  password: passwordSchema.meta({ description: "At least 8 characters." }),
  inviteToken: text().trim().max(200, "Invitation code must be at most 200 characters").optional().meta({
    description:
      "The code of an administrator's invitation (the `invite` parameter of its link). Not needed for the first account, which becomes the admin.",
  }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: identityText().trim().email("Please enter a valid email address").max(254).meta({ description: "The account's email address." }),
  password: text().min(1, "Password is required").max(256).meta({ description: "The account's password." }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * What an account may do (docs/product.md "Roles and permissions"): an admin also manages accounts,
 * keys and settings; office staff work every lead; crew see and change only the leads assigned to
 * them, and no contact submissions, gallery or exports.
 */
export const roles = ["admin", "office", "crew"] as const;
export const roleSchema = z.enum(roles).meta({
  id: "Role",
  description:
    "`admin`: everything, including accounts, API keys and settings; `office`: every lead, contact submission and the gallery; " +
    "`crew`: only the leads assigned to them.",
});
export type Role = z.infer<typeof roleSchema>;

/** What the API answers for a user: never a password or hash. */
export const userSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The account's id." }),
    username: z.string().meta({ description: "The account's name (unique)." }),
    email: z.string().nullable().meta({ description: "The account's email address, used to sign in (N/A in User Management when null)." }),
    isAdmin: z.boolean().meta({
      description:
        "An administrator (`role` is `admin`): also manages accounts and invitations and connects Google Calendar. The first account is one.",
    }),
    role: roleSchema,
    createdAt: z.string().datetime().meta({ description: "When the account was created (ISO 8601)." }),
    // Added with assignees (ADR 026). Always sent; optional in the type so existing clients compile.
    displayName: z
      .string()
      .optional()
      .meta({ description: "The name shown for the account (calendar, Assigned to): its display name, or its username when it has none." }),
    color: z.string().optional().meta({ description: "The account's colour on the calendar, #rrggbb." }),
  })
  .meta({ id: "User", description: "A staff account (never its password)." });
export type User = z.infer<typeof userSchema>;

/** The colours offered for a staff member (ADR 026): each legible under white initials (4.5:1 or more). */
export const staffColors = ["#1d4ed8", "#047857", "#b45309", "#7c3aed", "#be123c", "#0e7490", "#4d7c0f", "#a21caf"] as const;

/** 'Sam Lee' → 'SL', 'jo' → 'JO', 'Ana María Ruiz' → 'AR': the first and last words' first letters, or a single word's first two. */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._@-]+/u)
    .filter(Boolean);
  const letters =
    words.length >= 2 ? [...words[0]!].slice(0, 1).concat([...words.at(-1)!].slice(0, 1)) : [...(words[0] ?? "?")].slice(0, 2);
  return letters.join("").toUpperCase();
}

/** One person who can be assigned an appointment (every account; a deleted one is gone). */
export const staffMemberSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The account's id: the value of `assignedTo`." }),
    username: z.string().meta({ description: "The account's username." }),
    displayName: z.string().meta({ description: "The name shown: the display name, or the username when none is set." }),
    color: z.string().meta({ description: "The account's calendar colour, #rrggbb." }),
    initials: z.string().meta({ description: "One or two letters drawn on the calendar next to the colour." }),
  })
  .meta({ id: "StaffMember", description: "A staff member as the booking dialogs and the calendar show them." });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const DISPLAY_NAME_MAX = 60;

/**
 * PATCH /api/users/{id}: an admin edits anyone's, everyone their own. The display name is shown
 * wherever people are named (calendar, conflict messages, feeds): checked like a username.
 */
export const userProfileSchema = z.object({
  displayName: identityText()
    .trim()
    .max(DISPLAY_NAME_MAX, `Display name must be at most ${DISPLAY_NAME_MAX} characters`)
    .nullable()
    .optional()
    .meta({ description: "The name shown for the account; blank or null: show the username." }),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "Colour must be written #rrggbb")
    .optional()
    .meta({ description: "The calendar colour, #rrggbb." }),
  role: roleSchema.optional().meta({ description: "The account's role (admins only; the last admin cannot be given another role)." }),
});
export type UserProfileInput = z.infer<typeof userProfileSchema>;

/** The Reset Password dialog (docs/product.md "Validation rules"): the request body only carries `password`. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: passwordSchema,
    confirmPassword: text().min(8, "Password must be at least 8 characters"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export const resetPasswordSchema = z.object({
  password: passwordSchema.meta({ description: "The new password, at least 8 characters (the dialog's newPassword)." }),
});

/** The one answer to a registration without a valid invitation, whatever the email (ADR 019). */
export const INVITATION_REQUIRED_MESSAGE = "Registration needs an invitation from an administrator";

/** How long an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;
const INVITATION_TTL_DAYS_TEXT = `${INVITATION_TTL_DAYS} days after it was made`;

/** The Invite User dialog and `POST /api/users/invitations`: every field optional. */
export const invitationCreateSchema = z.object({
  email: identityText()
    .trim()
    .email("Please enter a valid email address")
    .max(254)
    .optional()
    .meta({ description: "Only this address may register with the invitation (any case); omitted: anyone with the link." }),
  role: roleSchema
    .optional()
    .meta({ description: "The role of the account the invitation creates (default `office`, or `admin` with `isAdmin: true`)." }),
  isAdmin: z
    .boolean()
    .optional()
    .meta({ description: "Older form of `role: admin`: true creates an admin account. Ignored when `role` is sent." }),
});
export type InvitationCreateInput = z.infer<typeof invitationCreateSchema>;

/** A new invitation: the token and its link are shown this once and never stored. */
export const createdInvitationSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The invitation's id (to revoke it)." }),
    token: z
      .string()
      .meta({ description: "The invitation code: sent as inviteToken to POST /api/register. Shown this once, never stored." }),
    url: z.string().url().meta({ description: "The link to send: /auth?tab=register&invite=<token> on this site." }),
    expiresAt: z
      .string()
      .datetime()
      .meta({ description: `When the invitation stops working (${INVITATION_TTL_DAYS_TEXT}).` }),
  })
  .meta({ id: "NewInvitation", description: "An invitation just made, with its code and link (shown once)." });
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

/** A pending invitation as User Management lists it: never its token. */
export const invitationSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The invitation's id." }),
    email: z.string().nullable().meta({ description: "The only address that may register with it; null: anyone with the link." }),
    isAdmin: z.boolean().meta({ description: "It creates an admin account (`role` is `admin`)." }),
    role: roleSchema,
    createdBy: z.string().nullable().meta({ description: "The username of the admin who made it (null when that account is gone)." }),
    createdAt: z.string().datetime().meta({ description: "When it was made (ISO 8601)." }),
    expiresAt: z.string().datetime().meta({ description: "When it stops working (ISO 8601)." }),
  })
  .meta({ id: "Invitation", description: "A pending invitation to create an account (never its code)." });
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * What /auth is rendered with after a sign-in or registration form was posted without JavaScript
 * (ADR 019, as the contact form in ADR 010) and refused: which form, the message, and the values
 * to show again. Never the password.
 */
export type AuthFormServerState = {
  form: "login" | "register";
  message: string;
  email: string;
  username?: string;
  inviteToken?: string;
};
