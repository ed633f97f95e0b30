import type { Role } from "@crawlguard/validators";

/*
 * What the dashboard shows to whom (docs/product.md "Roles and permissions"). The server decides
 * what each role may do; these only hide what it would refuse. A user cached by an older version
 * has no role yet: until the server answers, an admin reads as admin and anyone else as office.
 */

type WithRole = { isAdmin: boolean; role?: Role | undefined };

export const roleOf = (user: WithRole): Role => user.role ?? (user.isAdmin ? "admin" : "office");

/** Crew work only the leads assigned to them: no contact submissions, gallery, exports, deleting or adding leads. */
export const isCrew = (user: WithRole | null | undefined): boolean => (user ? roleOf(user) === "crew" : false);

/** The names of the roles as the dashboard shows them. */
export const roleLabels: Record<Role, string> = { admin: "Admin", office: "Office", crew: "Crew" };

/** The role select's options, with what each may do. */
export const roleOptions: { value: Role; label: string }[] = [
  { value: "office", label: "Office: every lead, contact submissions, gallery" },
  { value: "crew", label: "Crew: only the leads assigned to them" },
  { value: "admin", label: "Admin: everything, including users and settings" },
];
