import type { InvitationLookup, PublicGalleryImage } from "@crawlguard/validators";

/**
 * What public pages read from the API while they render on the server, called in-process (no
 * HTTP request back to the server). It is the shape of a tRPC caller of the app router
 * (`createCallerFactory(appRouter)(context)`), so the server can pass one as it is. Never sent to
 * the browser: there, the same data comes from the REST door.
 */
export type PublicApi = {
  gallery: { published(): Promise<PublicGalleryImage[]> };
  /** The invitation an /auth?invite= link names (the Register form fills in and locks its address); absent: not read. */
  invitations?: { lookup(input: { token: string }): Promise<InvitationLookup> };
  /** Whether homeowners can book online (the home and contact pages then offer "Pick a time online"); absent: off. */
  onlineBooking?: { status(): Promise<{ enabled: boolean }> };
};
