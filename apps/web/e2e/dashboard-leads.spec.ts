import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import {
  boardColumn,
  createLead,
  getLead,
  leadCard,
  listLeads,
  openDashboard,
  openLeadDetails,
  searchLeads,
  toast,
  uniquePhone,
  uniqueToken,
} from "./dashboard-fixtures";

test.describe("lead management", () => {
  test("search matches name, email or phone; the status filter narrows the board", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const phone = uniquePhone();
    const ana = await createLead(page.request, baseURL, { name: `Ana ${token}`, status: "new", phone });
    const bo = await createLead(page.request, baseURL, { name: `Bo ${token}`, status: "quoted", email: `bo.${token}@mail.test` });
    const cy = await createLead(page.request, baseURL, { name: `Cy Nuñez ${token}`, status: "won" });
    // A lead the search must leave out, so the test holds on an otherwise empty database too.
    await createLead(page.request, baseURL, { name: `Dee ${uniqueToken()}`, status: "new" });

    await openDashboard(page);
    await searchLeads(page, token);
    await expect(page.getByRole("article")).toHaveCount(3);
    await expect(page.getByText("Showing 3 of")).toBeVisible();

    // By email, by phone whatever the punctuation.
    await searchLeads(page, `BO.${token}@MAIL`);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(leadCard(page, bo.name)).toBeVisible();
    await searchLeads(page, `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(leadCard(page, ana.name)).toBeVisible();
    // Accents or not, on either side.
    await searchLeads(page, `nunez ${token}`);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(leadCard(page, cy.name)).toBeVisible();

    await searchLeads(page, token);
    const statusFilter = page.getByRole("combobox", { name: "Filter by status" });
    await expect(statusFilter.locator("option")).toHaveText(["All Status", "New", "Contacted", "Scheduled", "Quoted", "Won", "Lost"]);
    await statusFilter.selectOption({ label: "Quoted" });
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(leadCard(boardColumn(page, "Quoted"), bo.name)).toBeVisible();

    await statusFilter.selectOption({ label: "Lost" });
    await expect(page.getByText("No leads found")).toBeVisible();
    await statusFilter.selectOption({ label: "All Status" });
    await searchLeads(page, `nobody-${token}`);
    await expect(page.getByText("No leads found")).toBeVisible();
  });

  test("on a 1366 × 768 laptop every column of the board is in sight @desktop-only", async ({ staffPage: { page }, baseURL }) => {
    await createLead(page.request, baseURL, { name: `Wes ${uniqueToken()}`, status: "lost" });
    await page.setViewportSize({ width: 1366, height: 768 });
    await openDashboard(page);
    for (const title of ["New Leads", "Contacted", "Scheduled", "Quoted", "Won", "Lost"]) {
      await expect(boardColumn(page, title).getByRole("heading", { name: title, exact: true })).toBeInViewport({ ratio: 1 });
    }
  });

  test("on a phone, a search brings the column with the results into sight @phone-only", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, { name: `Zed ${token}`, status: "won" });
    await openDashboard(page);
    await searchLeads(page, token);
    await expect(leadCard(boardColumn(page, "Won"), lead.name)).toBeVisible();
    // Sideways, the Won column is now within the screen (the page itself may need scrolling down).
    const width = page.viewportSize()?.width ?? 390;
    await expect
      .poll(async () => {
        const box = await boardColumn(page, "Won").boundingBox();
        return box !== null && box.x >= -1 && box.x + box.width <= width + 1;
      })
      .toBe(true);
  });

  test("the stat cards count the leads; the columns show counts and dollar totals", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    await createLead(page.request, baseURL, { name: `Quote A ${token}`, status: "quoted", estimatedValue: "1200" });
    await createLead(page.request, baseURL, { name: `Quote B ${token}`, status: "quoted", estimatedValue: "2350.50" });
    await createLead(page.request, baseURL, { name: `Win ${token}`, status: "won", estimatedValue: "999" });
    const all = await listLeads(page.request);

    await openDashboard(page);
    const stats = page.getByRole("region", { name: "Lead statistics" });
    // The cards count what the columns count: Scheduled with in progress (with an appointment
    // or not yet); Won with completed.
    const count = (...statuses: string[]) =>
      all.filter((l) => statuses.length === 0 || statuses.includes(l.status)).length.toLocaleString("en-US");
    await expect(stats.getByRole("group", { name: "Total Leads" }).getByTestId("stat-total")).toHaveText(count());
    await expect(stats.getByRole("group", { name: "New Leads" }).getByTestId("stat-new")).toHaveText(count("new"));
    await expect(stats.getByRole("group", { name: "Scheduled" }).getByTestId("stat-scheduled")).toHaveText(
      count("scheduled", "in-progress"),
    );
    await expect(stats.getByRole("group", { name: "Won" }).getByTestId("stat-won")).toHaveText(count("won", "completed"));

    await searchLeads(page, token);
    const quoted = boardColumn(page, "Quoted");
    await expect(quoted.getByRole("article")).toHaveCount(2);
    await expect(quoted.getByTestId("column-total")).toHaveText("$3,550.50");
    await expect(quoted.getByText("2", { exact: true })).toBeVisible();
    await expect(boardColumn(page, "Won").getByTestId("column-total")).toHaveText("$999");
    await expect(boardColumn(page, "New Leads").getByTestId("column-total")).toHaveText("$0");
  });

  test("adds, edits and deletes a lead, with the form's validation", async ({ staffPage: { page } }) => {
    const token = uniqueToken();
    const name = `Dana ${token}`;
    await openDashboard(page);

    await page.getByRole("button", { name: "Add Lead" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Lead" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(dialog.getByRole("combobox", { name: "Service" })).toHaveValue("crawl-space");
    await dialog.getByRole("button", { name: "Create Lead" }).click();
    await expect(dialog.getByText("Zip code must be at least 5 characters")).toBeVisible();
    await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();

    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Email").fill(`dana.${token}@example.com`);
    await dialog.getByLabel("Zip Code").fill("288");
    await expect(dialog.getByText("Zip code must be at least 5 characters")).toBeVisible();
    await dialog.getByLabel("Zip Code").fill("28804");
    await expect(dialog.getByText("Zip code must be at least 5 characters")).toHaveCount(0);
    await dialog.getByRole("combobox", { name: "Service" }).selectOption({ label: "Basement Waterproofing" });
    await dialog.getByLabel("Estimated Value").fill("3000");
    await dialog.getByLabel("Notes").fill("Water in the basement after storms.");
    await dialog.getByRole("button", { name: "Create Lead" }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, "Lead created")).toBeVisible();

    await searchLeads(page, token);
    const card = leadCard(boardColumn(page, "New Leads"), name);
    await expect(card).toContainText("Basement Waterproofing");
    const details = await openLeadDetails(card, name);
    await expect(details).toContainText("Zip 28804");
    await expect(details.getByRole("spinbutton", { name: `Estimated value of ${name}` })).toHaveValue("3000");

    // Edit: a scheduled date without a time means 9:00 AM; setting it books the lead, which makes
    // it Scheduled (docs/product.md "States and transitions"), whatever the status was.
    await details.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Lead" });
    await expect(edit.getByLabel("Name")).toHaveValue(name);
    await edit.getByLabel("Phone").fill("828-555-0199");
    await edit.getByRole("combobox", { name: "Status" }).selectOption({ label: "Contacted" });
    await edit.getByLabel("Scheduled Date").fill("2031-03-14");
    await expect(edit.getByRole("combobox", { name: "Status" })).toHaveValue("scheduled");
    await edit.getByRole("button", { name: "Update Lead" }).click();
    await expect(edit).toBeHidden();
    const edited = leadCard(boardColumn(page, "Scheduled"), name);
    await expect(await openLeadDetails(edited, name)).toContainText("(828) 555-0199");
    await expect(edited).toContainText("Mar 14, 2031 at 9:00 AM");

    await page.reload();
    await searchLeads(page, token);
    await expect(leadCard(boardColumn(page, "Scheduled"), name)).toContainText("Mar 14, 2031 at 9:00 AM");

    // Delete, after confirming.
    await (await openLeadDetails(leadCard(page, name), name)).getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete lead?" });
    await expect(confirm).toContainText(name);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(leadCard(page, name)).toBeVisible();
    await (await openLeadDetails(leadCard(page, name), name)).getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("alertdialog", { name: "Delete lead?" }).getByRole("button", { name: "Delete" }).click();
    await expect(leadCard(page, name)).toHaveCount(0);
    await page.reload();
    await searchLeads(page, token);
    await expect(page.getByText("No leads found")).toBeVisible();
  });

  test("warns about a duplicate while typing the email of an existing lead", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const existing = await createLead(page.request, baseURL, { name: `Eve ${token}`, email: `eve.${token}@example.com` });
    await openDashboard(page);
    await page.getByRole("button", { name: "Add Lead" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Lead" });
    await dialog.getByLabel("Email").fill(existing.email.toUpperCase());
    await expect(dialog.getByText("Possible duplicate lead")).toBeVisible();
    await expect(dialog).toContainText(existing.name);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("the card's estimated value and priority save inline and survive a reload", async ({ staffPage: { page, user }, baseURL }) => {
    const token = uniqueToken();
    const lead = await createLead(page.request, baseURL, {
      name: `Finn ${token}`,
      status: "quoted",
      priority: "medium",
      estimatedValue: "500",
    });
    await openDashboard(page);
    await searchLeads(page, token);
    const card = leadCard(page, lead.name);
    const details = await openLeadDetails(card, lead.name);
    const value = details.getByRole("spinbutton", { name: `Estimated value of ${lead.name}` });
    await expect(value).toHaveAttribute("min", "0");
    await expect(value).toHaveAttribute("step", "100");

    await value.fill("4200");
    await value.press("Enter");
    await expect(boardColumn(page, "Quoted").getByTestId("column-total")).toHaveText("$4,200");
    await expect.poll(async () => (await getLead(page.request, lead.id))?.estimatedValue).toBe("4200");

    const priority = details.getByRole("combobox", { name: `Priority of ${lead.name}` });
    await priority.selectOption("high");
    await expect.poll(async () => (await getLead(page.request, lead.id))?.priority).toBe("high");

    // Saved on blur too.
    await value.fill("4300");
    await card.getByRole("heading", { name: lead.name }).click();
    await expect.poll(async () => (await getLead(page.request, lead.id))?.estimatedValue).toBe("4300");

    // The wheel over the focused field scrolls nothing into it.
    await value.focus();
    await value.hover();
    await page.mouse.wheel(0, -300);
    await page.mouse.wheel(0, 300);
    await expect(value).toHaveValue("4300");

    // A negative value is refused where it was typed, not saved as 0; Escape puts the saved one back.
    await value.fill("-5");
    await value.press("Enter");
    await expect(details.getByRole("alert")).toHaveText("Enter an amount of 0 or more");
    await expect(value).toHaveAttribute("aria-invalid", "true");
    await value.focus();
    await value.press("Escape");
    await expect(value).toHaveValue("4300");
    await expect(details.getByRole("alert")).toHaveCount(0);
    expect((await getLead(page.request, lead.id))?.estimatedValue).toBe("4300");

    await page.reload();
    await searchLeads(page, token);
    const reloaded = await openLeadDetails(leadCard(page, lead.name), lead.name);
    await expect(reloaded.getByRole("spinbutton", { name: `Estimated value of ${lead.name}` })).toHaveValue("4300");
    await expect(reloaded.getByRole("combobox", { name: `Priority of ${lead.name}` })).toHaveValue("high");

    // The Edit Lead dialog shows the lead's history: what changed, from → to, by whom.
    await reloaded.getByRole("button", { name: `Edit ${lead.name}` }).click();
    const history = page.getByRole("dialog", { name: "Edit Lead" }).getByRole("list", { name: "Lead history" });
    const entries = history.getByRole("listitem");
    await expect(entries).toHaveCount(4);
    await expect(entries.nth(0)).toContainText("Lead created as Quoted");
    await expect(entries.nth(1)).toContainText("Estimated value: $500 → $4,200");
    // Priority changes are history too.
    await expect(entries.nth(2)).toContainText("Priority: Medium → High");
    await expect(entries.nth(3)).toContainText("Estimated value: $4,200 → $4,300");
    await expect(entries.nth(3)).toContainText(user.username);
  });

  test("Export CSV downloads the leads shown, safe to open in a spreadsheet", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    await createLead(page.request, baseURL, { name: `Gil, Jr. ${token}`, status: "new", estimatedValue: "1500", notes: 'Said "ASAP"' });
    await createLead(page.request, baseURL, { name: `=HYPERLINK("x") ${token}`, status: "won" });
    const hidden = await createLead(page.request, baseURL, { name: `Hidden ${uniqueToken()}` });

    await openDashboard(page);
    await searchLeads(page, token);
    await expect(page.getByRole("article")).toHaveCount(2);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^crawlguard-leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), "utf8");

    expect(csv.startsWith("\uFEFFName,Email,Phone,")).toBe(true);
    const rows = csv.slice(1).trimEnd().split("\r\n");
    expect(rows).toHaveLength(3);
    expect(csv).toContain(`"Gil, Jr. ${token}"`);
    expect(csv).toContain('"Said ""ASAP"""');
    expect(csv).toContain(`"'=HYPERLINK(""x"") ${token}"`);
    expect(csv).not.toContain(hidden.name);
  });
});
