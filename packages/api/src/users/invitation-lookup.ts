import type { InvitationLookup } from "@crawlguard/validators";
import { DomainError } from "../errors.js";
import type { Queryable } from "../queryable.js";
import { INVITATION_EXPIRED, INVITATION_NOT_FOUND, INVITATION_REVOKED, INVITATION_USED, invitationTokenHash } from "./invitations.js";

/**
 * What the Register form shows of the invitation its link carries: the address it is for (filled in
 * and locked) and when it expires. Its code is the link's secret, so whoever holds it may read this.
 * 404 for a code that names no invitation; 400 (saying which) for one used, revoked or expired.
 */
export async function lookUpInvitation(sql: Queryable, token: string): Promise<InvitationLookup> {
  const [row] = await sql<{ email: string | null; expiresAt: Date; usedAt: Date | null; revokedAt: Date | null }[]>`
    SELECT email, expires_at, used_at, revoked_at FROM invitations WHERE token_hash = ${invitationTokenHash(token)}`;
  if (!row) throw new DomainError("not-found", INVITATION_NOT_FOUND);
  if (row.usedAt) throw new DomainError("bad-input", INVITATION_USED);
  if (row.revokedAt) throw new DomainError("bad-input", INVITATION_REVOKED);
  if (row.expiresAt.getTime() <= Date.now()) throw new DomainError("bad-input", INVITATION_EXPIRED);
  return { email: row.email, expiresAt: row.expiresAt.toISOString() };
}
