import { expect } from "vitest";
import { ApiClient, newAccount, registerInvited, startTestServer, type Door, type TestServer } from "@crawlguard/testing/harness";

/*
 * What the quotes' API tests share (tests only): a server with an admin, a staff member and a
 * lead, and quick ways to write, send and open a quote.
 */

export interface QuoteWorld {
  srv: TestServer;
  admin: ApiClient;
  staff: ApiClient;
  /** A client with no session: the homeowner. */
  homeowner: ApiClient;
}

export async function startQuoteWorld(door: Door, env: Record<string, string> = {}): Promise<QuoteWorld> {
  const srv = await startTestServer(env);
  const admin = new ApiClient(srv.url);
  expect((await admin.call(door, "auth.register", newAccount("admin"))).status).toBe(200);
  const staff = new ApiClient(srv.url);
  expect((await registerInvited(admin, staff, door, newAccount("staff"))).status).toBe(200);
  return { srv, admin, staff, homeowner: new ApiClient(srv.url) };
}

let counter = 0;
/** A new lead (with staff notes the homeowner must never see); answers it. */
export async function newLead(client: ApiClient, door: Door, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const n = `${counter}${Math.random().toString(36).slice(2, 6)}`;
  const res = await client.call(door, "leads.create", {
    name: `Dana Home ${n}`,
    email: `dana${n}@example.com`,
    zipCode: "28801",
    address: "12 Oak St, Asheville, NC",
    service: "crawl-space-encapsulation",
    notes: `STAFF-ONLY-NOTE-${n}: gate code 4411`,
    ...overrides,
  });
  expect(res.status).toBe(200);
  return res.body as { id: string; name: string; email: string; notes: string };
}

/** Lines of a typical quote: two included, two add-ons. */
export const LINES = [
  { description: "Crawl space encapsulation, 20-mil liner", quantity: 1, unit: "each", unitPriceCents: 350_000 },
  { description: "Vapor barrier seams taped", quantity: 120.5, unit: "sq ft", unitPriceCents: 299 },
  { description: "Dehumidifier, 70-pint", quantity: 1, unit: "each", unitPriceCents: 129_900, optional: true },
  { description: "Sump pump battery backup", quantity: 2, unit: "each", unitPriceCents: 4_999, optional: true },
];

/** A draft with LINES, $100 off, 7% tax and a 25% deposit. */
export async function draftQuote(client: ApiClient, door: Door, leadId: string, overrides: Record<string, unknown> = {}) {
  const res = await client.call(door, "quotes.create", {
    leadId,
    lines: LINES,
    discountCents: 10_000,
    taxRatePercent: 7,
    depositPercent: 25,
    messageToClient: "Thanks for having us out. Here is the work we discussed.",
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Quote;
}

/** A sent quote and its link's token. */
export async function sentQuote(client: ApiClient, door: Door, leadId: string, overrides: Record<string, unknown> = {}) {
  const draft = await draftQuote(client, door, leadId, overrides);
  const sent = await client.call(door, "quotes.send", { id: draft.id });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const quote = sent.body as Quote;
  return { quote, token: tokenOf(quote) };
}

export const tokenOf = (quote: { clientUrl: string | null }) => new URL(quote.clientUrl!).pathname.split("/").pop()!;

/** The parts of a Quote the tests read. */
export interface Quote {
  id: string;
  number: string;
  revision: number;
  leadId: string;
  status: string;
  lines: { id: string; description: string; optional: boolean; totalCents: number; priceBookItemId: string | null }[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  depositCents: number;
  validUntil: string;
  clientUrl: string | null;
  sentAt: string | null;
  viewedAt: string | null;
  approvedAt: string | null;
  approval: { signedName: string; acceptedOptionalLineIds: string[]; totalCents: number; depositCents: number; approvedAt: string } | null;
  changeRequest: { message: string; requestedAt: string } | null;
}
