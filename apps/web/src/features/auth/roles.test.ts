import { describe, expect, it } from "vitest";
import { visibleDashboardTabs } from "../dashboard/dashboard-tabs";
import { isCrew, roleOf } from "./roles";

describe("roles in the dashboard", () => {
  it("reads a role, and one cached without it from isAdmin", () => {
    expect(roleOf({ isAdmin: false, role: "crew" })).toBe("crew");
    expect(roleOf({ isAdmin: true })).toBe("admin");
    expect(roleOf({ isAdmin: false })).toBe("office");
    expect(isCrew({ isAdmin: false, role: "crew" })).toBe(true);
    expect(isCrew({ isAdmin: false, role: "office" })).toBe(false);
    expect(isCrew(null)).toBe(false);
  });

  it("shows crew the board, Today, the Calendar and Availability only; office all but User Management", () => {
    const tabs = (user: Parameters<typeof visibleDashboardTabs>[0]) => visibleDashboardTabs(user).map((t) => t.value);
    const crew = tabs({ isAdmin: false, role: "crew" });
    expect(crew).toEqual(expect.arrayContaining(["leads", "calendar", "availability"]));
    for (const hidden of ["submissions", "gallery", "google-calendar", "users"]) expect(crew).not.toContain(hidden);
    const office = tabs({ isAdmin: false, role: "office" });
    expect(office).toEqual(expect.arrayContaining(["leads", "submissions", "calendar", "availability", "google-calendar", "gallery"]));
    expect(office).not.toContain("users");
    expect(tabs({ isAdmin: true, role: "admin" })).toContain("users");
  });
});
