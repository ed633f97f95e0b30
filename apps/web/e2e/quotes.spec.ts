import AxeBuilder from "@axe-core/playwright";
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  boardColumn,
  createLead,
  leadCard,
  openDashboard,
  openLeadDetails,
  searchLeads,
  signInAsAdmin,
  toast,
  uniqueToken,
} from "./dashboard-fixtures";

/*
 * Quotes (docs/product.md "Quotes"): the builder on the dashboard (desktop), the homeowner's page on
 * a phone with its live total, and the same page without JavaScript (forms posted, the total
 * recalculated by the server). Every screen axe-clean.
 */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function expectNoViolations(page: Page, screen: string): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `${screen}: axe violations`,
  ).toEqual([]);
}

const origin = (baseURL: string | undefined) => ({ Origin: new URL(baseURL!).origin });

const LINES = [
  { description: "Crawl space encapsulation, 20-mil liner", quantity: 1, unit: "each", unitPriceCents: 350_000 },
  { description: "Vapor barrier seams taped", quantity: 120.5, unit: "sq ft", unitPriceCents: 299 },
  { description: "Dehumidifier, 70-pint", quantity: 1, unit: "each", unitPriceCents: 129_900, optional: true },
];

/** A sent quote for a new lead ($4,023.52; with the dehumidifier $5,413.45) and its homeowner's page. */
async function sentQuote(request: APIRequestContext, baseURL: string | undefined) {
  const token = uniqueToken();
  const lead = await createLead(request, baseURL, {
    name: `Dana ${token}`,
    address: "12 Oak St, Asheville, NC",
    notes: `STAFF-NOTE ${token}`,
  });
  const draft = await request.post("/api/quotes", {
    headers: origin(baseURL),
    data: { leadId: lead.id, lines: LINES, discountCents: 10_000, taxRatePercent: 7, depositPercent: 25 },
  });
  expect(draft.ok(), await draft.text()).toBe(true);
  const sent = await request.post(`/api/quotes/${((await draft.json()) as { id: string }).id}/send`, { headers: origin(baseURL) });
  expect(sent.ok(), await sent.text()).toBe(true);
  const quote = (await sent.json()) as { id: string; number: string; clientUrl: string };
  return { lead, quote, path: new URL(quote.clientUrl).pathname };
}

test.describe("the quote builder", () => {
  test("@desktop-only builds a quote from the price book with live totals, sends it, and the board shows its status", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const token = uniqueToken();
    const admin = await playwrightRequest.newContext({ baseURL });
    await signInAsAdmin(admin, baseURL);
    const item = await admin.post("/api/price-book", {
      headers: origin(baseURL),
      data: { name: `Liner ${token}`, description: "Crawl space encapsulation, 20-mil liner", unit: "each", unitPriceCents: 350_000 },
    });
    expect(item.ok(), await item.text()).toBe(true);
    await admin.dispose();
    const lead = await createLead(page.request, baseURL, { name: `Quinn ${token}`, status: "scheduled" });

    await openDashboard(page);
    await searchLeads(page, token);
    const details = await openLeadDetails(leadCard(boardColumn(page, "Scheduled"), lead.name), lead.name);
    const create = details.getByRole("button", { name: "Create quote" });
    await create.click();
    const builder = page.getByRole("dialog", { name: `Create quote for ${lead.name}` });
    await expect(builder).toBeVisible();
    // Closed untouched, focus goes back to the button that opened it.
    await page.keyboard.press("Escape");
    await expect(builder).toBeHidden();
    await expect(create).toBeFocused();
    await create.click();
    await expect(builder).toBeVisible();

    // A line from the price book (after the blank first line), and one typed.
    await builder.getByRole("searchbox", { name: "Search the price book" }).fill(token);
    await builder.getByRole("button", { name: `Add Liner ${token}` }).click();
    await builder.getByRole("button", { name: "Remove line 1" }).click();
    await expect(builder.getByRole("textbox", { name: "Description (line 1)" })).toHaveValue("Crawl space encapsulation, 20-mil liner");
    await builder.getByRole("button", { name: "Add a line" }).click();
    await builder.getByRole("textbox", { name: "Description (line 2)" }).fill("Vapor barrier seams taped");
    await builder.getByRole("textbox", { name: "Quantity (line 2)" }).fill("120.5");
    await builder.getByRole("textbox", { name: "Unit (line 2)" }).fill("sq ft");
    await builder.getByRole("textbox", { name: "Unit price $ (line 2)" }).fill("2.99");
    await builder.getByRole("button", { name: "Add a line" }).click();
    await builder.getByRole("textbox", { name: "Description (line 3)" }).fill("Dehumidifier, 70-pint");
    await builder.getByRole("textbox", { name: "Unit price $ (line 3)" }).fill("1299");
    await builder.getByText("Optional add-on (line 3)").click();
    await builder.getByRole("textbox", { name: "Discount $" }).fill("100");
    await builder.getByRole("textbox", { name: "Tax rate %" }).fill("7");
    await builder.getByRole("combobox", { name: "Deposit" }).selectOption("percent");
    await builder.getByRole("textbox", { name: "Deposit %" }).fill("25");
    // Live: $3,500 + $360.30 − $100 = $3,760.30, 7% tax $263.22, total $4,023.52, deposit $1,005.88.
    await expect(builder.getByTestId("quote-subtotal")).toHaveText("$3,860.30");
    await expect(builder.getByTestId("quote-total")).toHaveText("$4,023.52");
    await expect(builder.getByTestId("quote-deposit")).toHaveText("$1,005.88");
    await expect(builder).toContainText("Optional add-ons (not in the total)");
    await expectNoViolations(page, "quote builder");

    await builder.getByRole("button", { name: "Send quote" }).click();
    await expect(toast(page, "Quote sent")).toBeVisible();
    await expect(builder).toBeHidden();

    // The lead is quoted at the total, and its card says where the quote stands.
    const quoted = leadCard(boardColumn(page, "Quoted"), lead.name);
    await expect(quoted).toBeVisible();
    await expect(quoted).toContainText("$4,023.52");
    await expect(quoted.getByTestId("lead-card-quote-status")).toContainText(/Q-\d+ sent/);
    const list = await page.request.get(`/api/quotes?leadId=${lead.id}`);
    const [quote] = (await list.json()) as { clientUrl: string }[];
    // The homeowner opens it: the card says "viewed" once the board reloads.
    await playwrightRequest.newContext({ baseURL }).then(async (homeowner) => {
      expect((await homeowner.get(new URL(quote!.clientUrl).pathname)).ok()).toBe(true);
      await homeowner.dispose();
    });
    await page.reload();
    await searchLeads(page, token);
    await expect(leadCard(boardColumn(page, "Quoted"), lead.name).getByTestId("lead-card-quote-status")).toContainText(/Q-\d+ viewed/);

    // The lead's history lists the quote with its status.
    const card = leadCard(boardColumn(page, "Quoted"), lead.name);
    const open = await openLeadDetails(card, lead.name);
    await open.getByRole("button", { name: `History of ${lead.name}` }).click();
    await expect(open.getByRole("list", { name: `Quotes of ${lead.name}` })).toContainText("viewed");
  });
});

test.describe("the homeowner's quote page", () => {
  test("on a phone: the add-on updates the total as it is ticked, then Approve quote says Quote approved", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const { path, lead } = await sentQuote(page.request, baseURL);
    const homeowner = await page
      .context()
      .browser()!
      .newContext({ ...pageOptions(page), storageState: undefined });
    const client = await homeowner.newPage();
    await client.goto(path);
    await expect(client.getByRole("heading", { level: 1, name: /^Quote Q-\d+$/ })).toBeVisible();
    await expect(client.getByText("STAFF-NOTE")).toHaveCount(0);
    await expect(client.locator("#q-total")).toHaveText("$4,023.52");
    await expectNoViolations(client, "quote page");
    // No button needed with script: the total follows the checkbox.
    await expect(client.getByRole("button", { name: "Recalculate" })).toBeHidden();
    await client.getByRole("checkbox", { name: "Dehumidifier, 70-pint" }).check();
    await expect(client.locator("#q-total")).toHaveText("$5,413.45");
    await expect(client.locator("#q-deposit")).toHaveText("$1,353.36");
    await client.getByRole("textbox", { name: "Your full name" }).fill(lead.name);
    await client.getByRole("button", { name: "Approve quote" }).click();
    await expect(client.getByRole("heading", { name: "Quote approved" })).toBeVisible();
    await expect(client.getByText("$5,413.45").first()).toBeVisible();
    await expectNoViolations(client, "approved quote page");
    await homeowner.close();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Recalculate shows the total with the add-on, Request changes and Approve quote post the page", async ({
      staffPage: { page },
      baseURL,
    }) => {
      const { path, lead, quote } = await sentQuote(page.request, baseURL);
      const other = await sentQuote(page.request, baseURL);
      await page.context().clearCookies();

      await page.goto(other.path);
      await page.getByRole("textbox", { name: "What would you like changed?" }).fill("Could you price a smaller dehumidifier?");
      await page.getByRole("button", { name: "Request changes" }).click();
      await expect(page.getByText("we received your request for changes")).toBeVisible();

      await page.goto(path);
      await expect(page.getByRole("button", { name: "Recalculate" })).toBeVisible();
      await page.getByRole("checkbox", { name: "Dehumidifier, 70-pint" }).check();
      await page.getByRole("button", { name: "Recalculate" }).click();
      await expect(page.locator("#q-total")).toHaveText("$5,413.45");
      await expect(page.getByRole("checkbox", { name: "Dehumidifier, 70-pint" })).toBeChecked();
      // Forgetting the name: the page says so and keeps the ticked add-on.
      await page.getByRole("button", { name: "Approve quote" }).click();
      await expect(page.getByText("Please type your full name to approve")).toBeVisible();
      await expect(page.getByRole("checkbox", { name: "Dehumidifier, 70-pint" })).toBeChecked();
      await page.getByRole("textbox", { name: "Your full name" }).fill(lead.name);
      await page.getByRole("button", { name: "Approve quote" }).click();
      await expect(page.getByRole("heading", { name: "Quote approved" })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      expect(quote.number).toMatch(/^Q-\d+$/);
    });
  });
});

/** The viewport and touch settings of the page's own project, for a second, signed-out context. */
function pageOptions(page: Page) {
  const size = page.viewportSize();
  return size ? { viewport: size } : {};
}
