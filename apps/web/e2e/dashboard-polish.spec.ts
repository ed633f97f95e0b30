import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { openDashboard, searchLeads, uniqueToken } from "./dashboard-fixtures";
import { bookAppointment, randomWeekday } from "./scheduling-fixtures";

test.describe("lead export", () => {
  test("Export CSV names each lead's assignee by display name and gives its id", async ({ staffPage: { page, user } }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL;
    const token = uniqueToken();
    const shownName = `Rae Lind ${token}`;
    const profile = await page.request.patch(`/api/users/${user.account.id}`, {
      headers: { Origin: new URL(baseURL!).origin },
      data: { displayName: shownName },
    });
    expect(profile.ok(), `profile answered ${profile.status()}`).toBe(true);
    const booked = await bookAppointment(page.request, baseURL, {
      clientName: `Exported ${token}`,
      appointmentDate: randomWeekday(),
      appointmentTime: "10:00",
    });

    await openDashboard(page);
    await searchLeads(page, token);
    await expect(page.getByRole("article")).toHaveCount(1);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    const csv = await readFile(await download.path(), "utf8");
    const [header, row] = csv.slice(1).trimEnd().split("\r\n") as [string, string];
    const headers = header.split(",");
    expect(headers).toContain("Assigned To");
    expect(headers.at(-1)).toBe("Lead ID");
    expect(row).toContain(`,${shownName},`);
    expect(row.endsWith(`,${booked.lead.id}`)).toBe(true);
    expect(row).not.toContain(`,${user.username},`);
  });
});
