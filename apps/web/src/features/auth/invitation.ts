import type { InvitationLookup } from "@crawlguard/validators";
import type { PublicApi } from "../../lib/public-api";

/**
 * The invitation an /auth?invite=<code> link names, as the Register form shows it: the address it
 * is for (filled in and locked) and its expiry, or why it cannot be used (used, revoked, expired,
 * unknown). Null without a code, or when it could not be read (the form then works as before: the
 * server checks the code when the account is created).
 */
export type InvitationState = ({ kind: "valid" } & InvitationLookup) | { kind: "refused"; message: string } | null;

/** The REST door of `invitations.lookup` (no tRPC client before the form's chunk). */
const LOOKUP_URL = "/api/register/invitation";

/** A refusal the holder of the link may read: 404 (no such invitation) or 400 (used, revoked, expired). */
function refusal(code: unknown, message: unknown): InvitationState {
  const refused = code === "NOT_FOUND" || code === "BAD_REQUEST" || code === 404 || code === 400;
  return refused && typeof message === "string" && message ? { kind: "refused", message } : null;
}

async function fetchInvitation(token: string, signal?: AbortSignal): Promise<InvitationState> {
  try {
    const response = await fetch(LOOKUP_URL, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ token }),
      ...(signal ? { signal } : {}),
    });
    const body = (await response.json()) as Partial<InvitationLookup> & { message?: unknown };
    if (!response.ok) return refusal(response.status, body.message);
    return typeof body.expiresAt === "string" ? { kind: "valid", email: body.email ?? null, expiresAt: body.expiresAt } : null;
  } catch {
    return null;
  }
}

/**
 * The /auth route's data: on the server through the in-process API the page renders with (so the
 * page's HTML holds the locked address, also without JavaScript), in the browser from the API.
 */
export async function loadInvitation(
  api: PublicApi | undefined,
  token: string | undefined,
  signal?: AbortSignal,
): Promise<InvitationState> {
  const code = token?.trim();
  if (!code) return null;
  if (typeof document !== "undefined") return fetchInvitation(code, signal);
  if (!api?.invitations) return null;
  try {
    return { kind: "valid", ...(await api.invitations.lookup({ token: code })) };
  } catch (error) {
    const { code: errorCode, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    return refusal(errorCode, message);
  }
}
