import { CalendarDays, CalendarSync, ClipboardList, Clock, Images, Inbox, type LucideIcon, UsersRound, Workflow } from "lucide-react";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

import type { Role } from "@crawlguard/validators";
import { isCrew } from "../auth/roles";
import type { DashboardTabValue } from "./dashboard-tab-value";

export type { DashboardTabValue };

export type DashboardTab = {
  value: DashboardTabValue;
  label: string;
  icon: LucideIcon;
  /** Shown to admins only (docs/product.md "Screens and routes": User Management). */
  adminOnly?: boolean;
  /** Hidden from crew, whom the server refuses there (docs/product.md "Roles and permissions"). */
  officeOnly?: boolean;
  /**
   * The panel, normally `lazy(() => import("../leads/leads-panel"))` so each
   * tab's code (calendar, drag and drop, …) loads when the tab first opens.
   * Without one, the tab shows a neutral placeholder.
   */
  Panel?: LazyExoticComponent<ComponentType> | ComponentType;
};

/** The dashboard tabs in display order: admins see every one, office staff all but User Management, crew fewer still. */
export const dashboardTabs: readonly DashboardTab[] = [
  { value: "leads", label: "Lead Management", icon: Workflow, Panel: lazy(() => import("../leads/leads-panel")) },
  // The signed-in person's jobs of the day, phone first (docs/product.md "The crew's day"): crew
  // members' first tab, where they land; office staff and admins see it when they open /admin/today.
  { value: "today", label: "Today", icon: ClipboardList, Panel: lazy(() => import("../crew/today-panel")) },
  {
    value: "submissions",
    label: "Contact Submissions",
    icon: Inbox,
    officeOnly: true,
    Panel: lazy(() => import("../submissions/submissions-panel")),
  },
  { value: "calendar", label: "Calendar", icon: CalendarDays, Panel: lazy(() => import("../calendar/calendar-panel")) },
  { value: "availability", label: "Availability", icon: Clock, Panel: lazy(() => import("../availability/availability-panel")) },
  {
    value: "google-calendar",
    label: "Google Calendar",
    icon: CalendarSync,
    officeOnly: true,
    Panel: lazy(() => import("../google-calendar/google-calendar-panel")),
  },
  { value: "gallery", label: "Gallery", icon: Images, officeOnly: true, Panel: lazy(() => import("../gallery-admin/gallery-panel")) },
  {
    value: "users",
    label: "User Management",
    icon: UsersRound,
    adminOnly: true,
    Panel: lazy(() => import("../users/users-panel")),
  },
];

export function visibleDashboardTabs(
  user: { isAdmin: boolean; role?: Role | undefined },
  { today = false }: { today?: boolean } = {},
): DashboardTab[] {
  const crew = isCrew(user);
  const tabs = dashboardTabs.filter(
    (tab) => (!tab.adminOnly || user.isAdmin) && !(tab.officeOnly && crew) && (tab.value !== "today" || today || crew),
  );
  // Today is a crew member's first tab; office staff keep the board's tabs as they were.
  return crew ? [...tabs.filter((tab) => tab.value === "today"), ...tabs.filter((tab) => tab.value !== "today")] : tabs;
}
