// A crew member's day (GET /api/my/day) through both doors: their own appointments of one business
// day, by start, with what is needed at the door; the day's bounds in the business zone; bad dates.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, businessToday, JULY_TUESDAY, julyAt } from "@crawlguard/testing/business-dates";
import { ApiClient, doors, newAccount, newClient, registerInvited, startTestServer, type TestServer } from "@crawlguard/testing/harness";

describe("a crew member's day", () => {
  let srv: TestServer;
  let admin: ApiClient;
  const crew = { sam: null as unknown as ApiClient, ana: null as unknown as ApiClient };
  const ids = { sam: "", ana: "" };

  /** Books a new client for `assignedTo` at a July wall time (confirm: outside hours is fine here). */
  const book = async (assignedTo: string, date: string, time: string, overrides: Record<string, unknown> = {}) => {
    const client = newClient(overrides);
    const res = await admin.call("rest", "appointments.book", {
      ...client,
      appointmentDate: date,
      appointmentTime: time,
      assignedTo,
      confirm: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { leadId: (res.body as { lead: { id: string } }).lead.id, client };
  };

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    await admin.call("trpc", "auth.register", newAccount("admin"));
    for (const name of ["sam", "ana"] as const) {
      crew[name] = new ApiClient(srv.url);
      const res = await registerInvited(admin, crew[name], "rest", newAccount(name), { role: "crew" });
      expect(res.status).toBe(200);
      ids[name] = (res.body as { id: string }).id;
    }
  });
  afterAll(() => srv?.stop());

  it.each(doors)("lists only my appointments of that day, earliest first, with the door's details (%s door)", async (door) => {
    const date = door === "rest" ? JULY_TUESDAY : addDays(JULY_TUESDAY, 7);
    const afternoon = await book(ids.sam, date, "13:00", { address: "41 Haywood Rd, Asheville, NC 28806", zipCode: "28806" });
    const morning = await book(ids.sam, date, "09:30", { service: "mold-remediation", phone: "(828) 555-0199" });
    const lateEvening = await book(ids.sam, date, "23:30");
    const nextDay = await book(ids.sam, addDays(date, 1), "00:15");
    const dayBefore = await book(ids.sam, addDays(date, -1), "23:45");
    const anas = await book(ids.ana, date, "10:00");
    const lost = await book(ids.sam, date, "11:00");
    expect((await admin.call("rest", "leads.update", { id: lost.leadId, status: "lost" })).status).toBe(200);

    const res = await crew.sam.call(door, "crewDay.myDay", { date });
    expect(res.status).toBe(200);
    expect(res.body.date).toBe(date);
    const jobs = res.body.jobs as Record<string, unknown>[];
    expect(jobs.map((j) => j.leadId)).toEqual([morning.leadId, afternoon.leadId, lateEvening.leadId]);
    expect(jobs.map((j) => j.start)).toEqual([julyAt(date, "09:30"), julyAt(date, "13:00"), julyAt(date, "23:30")]);
    expect(jobs[0]).toMatchObject({
      clientName: morning.client.clientName,
      phone: "(828) 555-0199",
      address: morning.client.address,
      service: "Mold Remediation",
      status: "scheduled",
      end: new Date(Date.parse(julyAt(date, "09:30")) + 60 * 60_000).toISOString(),
      mapsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(morning.client.address)}`,
    });
    expect(jobs[1]).toMatchObject({ address: "41 Haywood Rd, Asheville, NC 28806", service: "Crawl Space Encapsulation" });
    expect(new URL(jobs[1]!.mapsUrl as string).searchParams.get("query")).toBe("41 Haywood Rd, Asheville, NC 28806");
    for (const other of [nextDay, dayBefore, anas, lost]) expect(jobs.map((j) => j.leadId)).not.toContain(other.leadId);

    // Another crew member's day holds only theirs.
    const ana = await crew.ana.call(door, "crewDay.myDay", { date });
    expect((ana.body.jobs as { leadId: string }[]).map((j) => j.leadId)).toEqual([anas.leadId]);
  });

  it.each(doors)("without a date: today in the business time zone (%s door)", async (door) => {
    const today = businessToday();
    const job = await book(ids.ana, today, "23:50");
    const res = await crew.ana.call(door, "crewDay.myDay");
    expect(res.status).toBe(200);
    expect(res.body.date).toBe(today);
    expect((res.body.jobs as { leadId: string }[]).map((j) => j.leadId)).toContain(job.leadId);
  });

  it.each(doors)("a bad date is a 400 that names it (%s door)", async (door) => {
    for (const date of ["2026-02-30", "tomorrow", "07/14/2026", "2026-7-4"]) {
      const res = await crew.sam.call(door, "crewDay.myDay", { date });
      expect(res.status, date).toBe(400);
      expect(res.body.message).toMatch(/^date: /);
    }
  });

  it.each(doors)("needs a signed-in user (%s door)", async (door) => {
    const res = await new ApiClient(srv.url).call(door, "crewDay.myDay", { date: JULY_TUESDAY });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("You must be logged in");
  });
});
