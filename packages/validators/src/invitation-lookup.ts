import { z } from "zod";

/** POST /api/register/invitation: the code of an invitation link. */
export const invitationLookupInputSchema = z
  .object({
    token: z
      .string()
      .trim()
      .min(1, "Enter the invitation code")
      .max(200)
      .meta({ description: "The invitation code (the `invite` of the link /auth?invite=<code>)." }),
  })
  .strict();

/** What the Register form shows of the invitation it was opened with. */
export const invitationLookupSchema = z
  .object({
    email: z.string().nullable().meta({
      description: "The only address that may register with the invitation (the form fills it in and locks it); null: any address.",
    }),
    expiresAt: z.string().datetime().meta({ description: "When the invitation stops working (ISO 8601)." }),
  })
  .meta({ id: "InvitationLookup", description: "An invitation as its link's holder sees it: the address it is for and its expiry." });
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;
