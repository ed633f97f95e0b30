/**
 * The dashboard's tab names, on their own: the panels reach them through the dashboard context,
 * and the tab registry (dashboard-tabs.ts) imports the panels, so the names cannot live there
 * without an import circle.
 */
export type DashboardTabValue = "leads" | "today" | "submissions" | "calendar" | "availability" | "google-calendar" | "gallery" | "users";
