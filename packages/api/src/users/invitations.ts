import { createHash, randomBytes } from "node:crypto";
import type { TransactionSql } from "@crawlguard/db";
import type { CreatedInvitation, Invitation, InvitationCreateInput, Role } from "@crawlguard/validators";
import { INVITATION_REQUIRED_MESSAGE, INVITATION_TTL_DAYS } from "@crawlguard/validators";
import { DomainError } from "../errors.js";
import type { Queryable } from "../queryable.js";

export const INVITATION_USED = "This invitation has already been used";
export const INVITATION_EXPIRED = "This invitation has expired. Ask an administrator for a new one.";
export const INVITATION_REVOKED = "This invitation has been revoked. Ask an administrator for a new one.";
export const INVITATION_OTHER_EMAIL = "This invitation is for another email address";
export const INVITATION_NOT_FOUND = "Invitation not found";

const TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/** Only the hash is stored: a copy of the database does not hold a usable link. */
export const invitationTokenHash = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** The /auth link that opens the Register tab with the code filled in. */
export const invitationUrl = (origin: string, token: string) => `${origin.replace(/\/$/, "")}/auth?invite=${encodeURIComponent(token)}`;

/** The role an invitation gives: `role` when sent, else admin for `isAdmin: true`, else office. */
export const invitationRole = (input: InvitationCreateInput): Role => input.role ?? (input.isAdmin ? "admin" : "office");

export async function createInvitation(
  sql: Queryable,
  input: InvitationCreateInput,
  by: { userId: string; origin: string },
): Promise<CreatedInvitation> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + TTL_MS);
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO invitations (token_hash, email, role, created_by, expires_at)
    VALUES (${invitationTokenHash(token)}, ${input.email ?? null}, ${invitationRole(input)}, ${by.userId}, ${expiresAt})
    RETURNING id`;
  return { id: row!.id, token, url: invitationUrl(by.origin, token), expiresAt: expiresAt.toISOString() };
}

/** Invitations that can still be used, newest first. */
export async function listPendingInvitations(sql: Queryable): Promise<Invitation[]> {
  const rows = await sql<
    { id: string; email: string | null; isAdmin: boolean; role: Role; createdBy: string | null; createdAt: Date; expiresAt: Date }[]
  >`
    SELECT i.id, i.email, i.is_admin, i.role, u.username AS created_by, i.created_at, i.expires_at
    FROM invitations i LEFT JOIN users u ON u.id = i.created_by
    WHERE i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()
    ORDER BY i.created_at DESC, i.id`;
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), expiresAt: r.expiresAt.toISOString() }));
}

/** Revokes a pending invitation (revoking it again changes nothing); a used one cannot be revoked. */
export async function revokeInvitation(sql: Queryable, id: string): Promise<void> {
  const [row] = await sql<{ usedAt: Date | null; revokedAt: Date | null }[]>`
    UPDATE invitations SET revoked_at = COALESCE(revoked_at, now())
    WHERE id = ${id} AND used_at IS NULL
    RETURNING used_at, revoked_at`;
  if (row) return;
  const [exists] = await sql`SELECT 1 FROM invitations WHERE id = ${id}`;
  if (!exists) throw new DomainError("not-found", INVITATION_NOT_FOUND);
  throw new DomainError("conflict", INVITATION_USED);
}

export interface AcceptedInvitation {
  id: string;
  role: Role;
}

/**
 * Inside the registration's transaction: the invitation this token names, locked, if it may create
 * an account for `email`. No token, or one that names no invitation: 403 with the one message that
 * says nothing about the email. Used, expired, revoked or for another address: a 400 that says which.
 */
export async function checkInvitation(tx: TransactionSql, token: string | undefined, email: string): Promise<AcceptedInvitation> {
  if (!token) throw new DomainError("forbidden", INVITATION_REQUIRED_MESSAGE);
  const [row] = await tx<{ id: string; email: string | null; role: Role; usedAt: Date | null; revokedAt: Date | null; expired: boolean }[]>`
    SELECT id, email, role, used_at, revoked_at, expires_at <= now() AS expired
    FROM invitations WHERE token_hash = ${invitationTokenHash(token)}
    FOR UPDATE`;
  if (!row) throw new DomainError("forbidden", INVITATION_REQUIRED_MESSAGE);
  if (row.usedAt) throw new DomainError("bad-input", INVITATION_USED);
  if (row.revokedAt) throw new DomainError("bad-input", INVITATION_REVOKED);
  if (row.expired) throw new DomainError("bad-input", INVITATION_EXPIRED);
  if (row.email && row.email.toLowerCase() !== email.toLowerCase()) throw new DomainError("bad-input", INVITATION_OTHER_EMAIL);
  return { id: row.id, role: row.role };
}

/** Marks the invitation used by the new account, in the same transaction that created it. */
export async function consumeInvitation(tx: TransactionSql, invitationId: string, userId: string): Promise<void> {
  const updated = await tx`
    UPDATE invitations SET used_at = now(), used_by = ${userId}
    WHERE id = ${invitationId} AND used_at IS NULL AND revoked_at IS NULL RETURNING id`;
  // The row is locked since checkInvitation: only a bug could get here.
  if (updated.length !== 1) throw new DomainError("bad-input", INVITATION_USED);
}
