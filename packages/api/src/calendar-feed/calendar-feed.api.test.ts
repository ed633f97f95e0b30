import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, startTestServer, type TestServer } from "@crawlguard/testing/harness";

/**
 * How busy the calendar feed says each event is. Outlook reads X-MICROSOFT-CDO-BUSYSTATUS before
 * TRANSP: a cancelled (lost) appointment must say FREE and TRANSPARENT there, an active one BUSY
 * and OPAQUE, and a time block takes its time like an appointment.
 */
describe("busy and free in the calendar feed", () => {
  let srv: TestServer;
  let admin: ApiClient;
  let feedUrl: string;

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    expect((await admin.call("rest", "auth.register", newAccount("admin"))).status).toBe(200);
    const made = await admin.call("rest", "calendarFeed.create", {});
    expect(made.status).toBe(200);
    feedUrl = (made.body as { url: string }).url;
  });
  afterAll(() => srv.stop());

  async function feedEvents() {
    const res = await fetch(feedUrl);
    expect(res.status).toBe(200);
    const vcal = new ICAL.Component(ICAL.parse(await res.text()));
    return vcal.getAllSubcomponents("vevent");
  }
  const field = (event: ICAL.Component, name: string) => event.getFirstPropertyValue(name);

  it.each(doors)("says a cancelled appointment is free and an active one busy (leads changed through the %s door)", async (door) => {
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const book = async (name: string, hour: number) => {
      const res = await admin.call(door, "leads.create", {
        name,
        email: `${name.replaceAll(" ", ".").toLowerCase()}@example.com`,
        zipCode: "28801",
        // The modal's id: the feed says the catalogue's label.
        service: "french-drain-installation",
        status: "scheduled",
        scheduledDate: `${day}T${String(hour).padStart(2, "0")}:00:00.000Z`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as { id: string }).id;
    };
    await book(`Active ${door}`, 14);
    const cancelled = await book(`Cancelled ${door}`, 16);
    expect((await admin.call(door, "leads.update", { id: cancelled, status: "lost" })).status).toBe(200);

    const events = await feedEvents();
    const bySummary = (prefix: string) => events.find((e) => String(field(e, "summary")).startsWith(prefix));
    const active = bySummary(`Active ${door}`)!;
    const lost = bySummary(`Cancelled ${door}`)!;
    expect(field(active, "summary")).toBe(`Active ${door}: French Drain Systems`);
    expect(String(field(active, "description"))).toContain("Service: French Drain Systems");
    expect(field(active, "status")).toBe("CONFIRMED");
    expect(field(active, "transp")).toBe("OPAQUE");
    expect(field(active, "x-microsoft-cdo-busystatus")).toBe("BUSY");
    expect(field(lost, "status")).toBe("CANCELLED");
    expect(field(lost, "transp")).toBe("TRANSPARENT");
    expect(field(lost, "x-microsoft-cdo-busystatus")).toBe("FREE");
  });

  it("says a time block is busy", async () => {
    const day = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
    const block = await admin.call("rest", "timeBlocks.create", {
      title: "Truck inspection",
      startDateTime: `${day}T12:00:00.000Z`,
      endDateTime: `${day}T13:00:00.000Z`,
      blockType: "maintenance",
    });
    expect(block.status, JSON.stringify(block.body)).toBe(200);
    const event = (await feedEvents()).find((e) => field(e, "summary") === "Truck inspection")!;
    expect(field(event, "transp")).toBe("OPAQUE");
    expect(field(event, "x-microsoft-cdo-busystatus")).toBe("BUSY");
  });
});
