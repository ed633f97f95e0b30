import { dummyPasswordHash, hashPassword, verifyPassword } from "@crawlguard/auth";
import { transaction, type Sql } from "@crawlguard/db";
import {
  blankToNull,
  initialsOf,
  staffColors,
  type LoginInput,
  type RegisterInput,
  type Role,
  type StaffMember,
  type User,
  type UserProfileInput,
} from "@crawlguard/validators";
import { DomainError } from "../errors.js";
import { isUniqueViolation } from "../db-errors.js";
import type { Queryable } from "../queryable.js";
import { checkInvitation, consumeInvitation } from "./invitations.js";
import { beginLoginAttempt, clearLoginFailures, loginAbandoned, loginSucceeded } from "./login-throttle.js";

interface UserRow {
  id: string;
  username: string;
  email: string | null;
  isAdmin: boolean;
  role: Role;
  createdAt: Date;
  displayName: string | null;
  color: string | null;
}

/** The columns a UserRow reads. */
const userColumns = (sql: Queryable) => sql`id, username, email, is_admin, role, created_at, display_name, color`;

/** An account's colour: its own, or (written by other means) a palette colour chosen from its id. */
export function colorOf(id: string, color: string | null): string {
  if (color) return color;
  const sum = [...id].reduce((total, ch) => total + ch.charCodeAt(0), 0);
  return staffColors[sum % staffColors.length]!;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isAdmin: row.isAdmin,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    displayName: row.displayName ?? row.username,
    color: colorOf(row.id, row.color),
  };
}

// Registrations take this transaction-scoped lock, so "is this the first account?" has one answer.
const REGISTER_LOCK_ID = 7_340_212_002;

const DUPLICATE_USERNAME = "That username is already taken";
const DUPLICATE_EMAIL = "An account with that email already exists";

/**
 * "open": anyone may register (REGISTRATION=open, an explicit opt-in for a closed network);
 * "invitation": after the first account, only with a valid invitation.
 */
export type RegistrationMode = "open" | "invitation";

/**
 * Creates an account. The first one (empty table) becomes admin and needs no invitation. Later ones,
 * in "invitation" mode, need a valid invitation, checked before anything about existing accounts is
 * looked at (so the 403 says nothing about the email); the account gets the invitation's role (office
 * without one, as with "open" and no invitation). With
 * "open", an invitation is optional but, when given, must be valid. The invitation is consumed in
 * the transaction that creates the account: of two registrations with one token, exactly one wins.
 */
export async function register(sql: Sql, input: RegisterInput, registration: RegistrationMode): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const inviteToken = input.inviteToken || undefined;
  try {
    const row = await transaction(sql, async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(${REGISTER_LOCK_ID})`;
      const [first] = await tx<{ none: boolean }[]>`SELECT NOT EXISTS (SELECT 1 FROM users) AS none`;
      const isFirst = first?.none ?? false;
      const needsInvitation = !isFirst && (registration === "invitation" || inviteToken !== undefined);
      const invitation = needsInvitation ? await checkInvitation(tx, inviteToken, input.email) : null;
      const taken = await tx<{ username: string; email: string | null }[]>`
        SELECT username, email FROM users
        WHERE lower(username) = lower(${input.username}) OR lower(email) = lower(${input.email})`;
      if (taken.some((u) => u.username.toLowerCase() === input.username.toLowerCase())) {
        throw new DomainError("conflict", DUPLICATE_USERNAME);
      }
      if (taken.length > 0) throw new DomainError("conflict", DUPLICATE_EMAIL);
      // The next palette colour (the lock above makes the count exact), so colleagues differ.
      const [{ count } = { count: 0 }] = await tx<{ count: number }[]>`SELECT count(*)::int AS count FROM users`;
      const color = staffColors[count % staffColors.length]!;
      const role: Role = isFirst ? "admin" : (invitation?.role ?? "office");
      const [created] = await tx<UserRow[]>`
        INSERT INTO users (username, email, password, role, color)
        VALUES (${input.username}, ${input.email}, ${passwordHash}, ${role}, ${color})
        RETURNING ${userColumns(tx)}`;
      if (invitation) await consumeInvitation(tx, invitation.id, created!.id);
      return created!;
    });
    return toUser(row);
  } catch (err) {
    // The lock makes this rare; a concurrent insert by another path still gets a clear 409.
    if (isUniqueViolation(err, "users_username_key")) throw new DomainError("conflict", DUPLICATE_USERNAME);
    if (isUniqueViolation(err, "users_email_key")) throw new DomainError("conflict", DUPLICATE_EMAIL);
    throw err;
  }
}

export const INVALID_CREDENTIALS = "Invalid email or password";

/**
 * Checks the credentials. Throttled per (account, address) with growing delays, and, for addresses
 * the account never signed in from, per account under attack and per spraying address (429 with
 * how long to wait; login-throttle.ts). The attempt is counted before the password is checked and
 * forgotten only when it was right, so concurrent attempts never get more guesses than the limits.
 */
export async function authenticate(sql: Sql, input: LoginInput, ip: string): Promise<User> {
  const account = input.email.toLowerCase();
  const attempt = await beginLoginAttempt(sql, account, ip);
  let row: (UserRow & { password: string }) | undefined;
  let valid: boolean;
  try {
    [row] = await sql<(UserRow & { password: string })[]>`
      SELECT ${userColumns(sql)}, password FROM users WHERE lower(email) = ${account}`;
    valid = await verifyPassword(row?.password ?? (await dummyPasswordHash()), input.password);
  } catch (err) {
    await loginAbandoned(sql, attempt).catch(() => undefined);
    throw err;
  }
  // A wrong password keeps its reserved failure row.
  if (!row || !valid) throw new DomainError("unauthorized", INVALID_CREDENTIALS);
  await loginSucceeded(sql, attempt);
  return toUser(row);
}

export async function getUser(sql: Sql, id: string): Promise<User | null> {
  const [row] = await sql<UserRow[]>`SELECT ${userColumns(sql)} FROM users WHERE id = ${id}`;
  return row ? toUser(row) : null;
}

export const USER_NOT_FOUND = "User not found";

/** Every account, oldest first (so the admin, the first account, leads the list). Never passwords. */
export async function listUsers(sql: Sql): Promise<User[]> {
  const rows = await sql<UserRow[]>`SELECT ${userColumns(sql)} FROM users ORDER BY created_at, id`;
  return rows.map(toUser);
}

/** Everyone who can be assigned an appointment, by the name shown: no emails, no roles. */
export async function listStaff(sql: Sql): Promise<StaffMember[]> {
  const rows = await sql<UserRow[]>`SELECT ${userColumns(sql)} FROM users ORDER BY lower(coalesce(display_name, username)), id`;
  return rows.map((row) => {
    const user = toUser(row);
    return {
      id: user.id,
      username: user.username,
      displayName: user.displayName!,
      color: user.color!,
      initials: initialsOf(user.displayName!),
    };
  });
}

export const PROFILE_FORBIDDEN = "You can only change your own display name and colour";
export const ROLE_FORBIDDEN = "Only an admin can change an account's role";
export const LAST_ADMIN = "This is the only admin: make another account an admin first";

// Role changes take this transaction-scoped lock, so two demotions never leave no admin.
const ROLE_LOCK_ID = 7_340_212_022;

/**
 * Sets an account's display name, colour and/or role: admins change anyone's, everyone else only
 * their own name and colour. A blank display name clears it (the username is shown again). The
 * last admin cannot be given another role (409). A changed role applies to the account's next
 * request: sessions and API keys read it each time.
 */
export async function updateProfile(sql: Sql, id: string, input: UserProfileInput, by: { id: string; isAdmin: boolean }): Promise<User> {
  if (input.role !== undefined && !by.isAdmin) throw new DomainError("forbidden", ROLE_FORBIDDEN);
  if (!by.isAdmin && by.id !== id) throw new DomainError("forbidden", PROFILE_FORBIDDEN);
  const changes: Record<string, string | null> = {};
  if (input.displayName !== undefined) changes.displayName = blankToNull(input.displayName);
  if (input.color !== undefined) changes.color = input.color.toLowerCase();
  if (input.role !== undefined) changes.role = input.role;
  const keys = Object.keys(changes);
  const row = await transaction(sql, async (tx) => {
    if (input.role !== undefined && input.role !== "admin") {
      await tx`SELECT pg_advisory_xact_lock(${ROLE_LOCK_ID})`;
      const [target] = await tx<{ isAdmin: boolean; others: number }[]>`
        SELECT is_admin, (SELECT count(*)::int FROM users WHERE is_admin AND id <> ${id}) AS others FROM users WHERE id = ${id}`;
      if (target?.isAdmin && target.others === 0) throw new DomainError("conflict", LAST_ADMIN);
    }
    const [updated] =
      keys.length > 0
        ? await tx<UserRow[]>`
            UPDATE users SET ${tx(changes, keys)}, updated_at = now() WHERE id = ${id}
            RETURNING ${userColumns(tx)}`
        : await tx<UserRow[]>`SELECT ${userColumns(tx)} FROM users WHERE id = ${id}`;
    return updated;
  });
  if (!row) throw new DomainError("not-found", USER_NOT_FOUND);
  return toUser(row);
}

/** Deletes a non-admin account; its sessions, working hours and time blocks go with it (FK cascade). */
export async function deleteUser(sql: Sql, id: string): Promise<void> {
  // One statement decides, so an account promoted meanwhile is never deleted.
  const deleted = await sql`DELETE FROM users WHERE id = ${id} AND NOT is_admin RETURNING id`;
  if (deleted.length > 0) return;
  const [exists] = await sql`SELECT 1 FROM users WHERE id = ${id}`;
  if (!exists) throw new DomainError("not-found", USER_NOT_FOUND);
  throw new DomainError("forbidden", "Admin users cannot be deleted");
}

/**
 * Sets a new password and signs the account out everywhere (except the session making the
 * request, when admins reset their own). Its failed sign-ins from every address are forgotten too:
 * a user slowed down by their own typos is the usual reason for a reset.
 */
export async function resetPassword(sql: Sql, id: string, password: string, keepSessionId: string | null): Promise<void> {
  const passwordHash = await hashPassword(password);
  await transaction(sql, async (tx) => {
    const [user] = await tx<{ email: string | null }[]>`
      UPDATE users SET password = ${passwordHash}, updated_at = now() WHERE id = ${id} RETURNING email`;
    if (!user) throw new DomainError("not-found", USER_NOT_FOUND);
    await tx`DELETE FROM sessions WHERE user_id = ${id} AND id IS DISTINCT FROM ${keepSessionId}`;
    if (user.email) await clearLoginFailures(tx, user.email);
  });
}
