import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, startServerOn, startTestServer, type RunningServer, type TestServer } from "@crawlguard/testing/harness";
import { booking, crewMember, freeWindows, settingsWith, type Person } from "./booking-fixtures.js";

/*
 * Bookings racing for the last free place in a window (ADR 036): exactly one is made, whatever the
 * database, and across two server instances on one PostgreSQL database. Staff booking the same
 * person at the same moment do not slip in beside it either.
 */

const RACERS = 15;

describe("online bookings racing for one free place", () => {
  let srv: TestServer;
  let second: RunningServer | undefined;
  let secondDir: string | undefined;
  let admin: Person;
  let sam: Person;
  let kim: Person;
  let anon: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer({ REGISTRATION: "open", CONTACT_RATE_LIMIT: "1000" });
    admin = await crewMember(srv, "rest", "admin");
    sam = await crewMember(srv, "rest", "sam");
    kim = await crewMember(srv, "rest", "kim");
    anon = new ApiClient(srv.url);
    const saved = await admin.client.call("rest", "onlineBooking.updateSettings", settingsWith({ bookableUserIds: [sam.id] }));
    expect(saved.status).toBe(200);
    if (srv.testDb.databaseUrl) {
      // A second instance on the same PostgreSQL database (its own DATA_DIR), as behind a load balancer.
      secondDir = await mkdtemp(path.join(os.tmpdir(), "crawlguard-booking-"));
      second = await startServerOn({ dataDir: secondDir, databaseUrl: srv.testDb.databaseUrl }, { CONTACT_RATE_LIMIT: "1000" });
    }
  });
  afterAll(async () => {
    await second?.stop();
    if (secondDir) await rm(secondDir, { recursive: true, force: true });
    await srv.stop();
  });

  const bookedIn = async (start: string) => {
    const [row] = await srv.running.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM leads WHERE scheduled_date = ${new Date(start)} AND status <> 'lost'`;
    return row!.n;
  };

  it.each(["rest", "trpc"] as const)(
    `${RACERS} concurrent bookings through the %s door: exactly one is made, the rest are 409`,
    async (door) => {
      const [window] = await freeWindows(anon, "rest");
      const answers = await Promise.all(
        Array.from({ length: RACERS }, () => new ApiClient(srv.url).call(door, "onlineBooking.book", booking(window!.start))),
      );
      const statuses = answers.map((a) => a.status);
      expect(
        statuses.filter((s) => s === (door === "rest" ? 201 : 200)),
        statuses.join(","),
      ).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(RACERS - 1);
      expect(await bookedIn(window!.start)).toBe(1);
      expect((await freeWindows(anon, "rest")).map((w) => w.start)).not.toContain(window!.start);
    },
  );

  it("with two bookable people, two of the racers win, one each", async () => {
    await admin.client.call("rest", "onlineBooking.updateSettings", settingsWith({ bookableUserIds: [sam.id, kim.id] }));
    const windows = await freeWindows(anon, "rest");
    const window = windows.at(-1)!;
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () => new ApiClient(srv.url).call("rest", "onlineBooking.book", booking(window.start))),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    const assignees = await srv.running.db.sql<{ assignedTo: string }[]>`
      SELECT assigned_to FROM leads WHERE scheduled_date = ${new Date(window.start)} ORDER BY assigned_to`;
    expect(assignees.map((a) => a.assignedTo).sort()).toEqual([sam.id, kim.id].sort());
    await admin.client.call("rest", "onlineBooking.updateSettings", settingsWith({ bookableUserIds: [sam.id] }));
  });

  it("a staff booking for the same person at the same moment: never both", async () => {
    const windows = await freeWindows(anon, "rest");
    const window = windows.at(-2)!;
    const business = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/New_York",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(new Date(window.start));
    const part = (type: string) => business.find((p) => p.type === type)!.value;
    const staffBooking = {
      clientName: "Office Caller",
      email: "office-caller@example.com",
      phone: "(828) 555-0101",
      address: "1 Haywood St, Asheville, NC 28801",
      service: "consultation",
      appointmentDate: `${part("year")}-${part("month")}-${part("day")}`,
      appointmentTime: `${part("hour")}:${part("minute")}`,
      durationMinutes: 60,
      assignedTo: sam.id,
    };
    const [online, office] = await Promise.all([
      anon.call("rest", "onlineBooking.book", booking(window.start)),
      admin.client.call("rest", "appointments.book", staffBooking),
    ]);
    // One of them books; the other finds the time taken (a 409 on either side).
    const onlineWon = online.status === 201;
    expect(onlineWon !== (office.status === 200), `online ${online.status}, office ${office.status}`).toBe(true);
    expect(onlineWon ? office.status : online.status).toBe(409);
    expect(await bookedIn(window.start)).toBe(1);
  });

  // Two instances need one shared database: PGlite is the embedded database of one server process.
  it.skipIf(!process.env.TEST_DATABASE_URL)(`${RACERS} concurrent bookings spread over two instances: exactly one is made`, async () => {
    const [window] = await freeWindows(anon, "rest");
    const urls = [srv.url, second!.url];
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) => new ApiClient(urls[i % 2]!).call("rest", "onlineBooking.book", booking(window!.start))),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(RACERS - 1);
    expect(await bookedIn(window!.start)).toBe(1);
  });
});
