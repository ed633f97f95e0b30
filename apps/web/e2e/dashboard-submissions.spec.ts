import { expect, test } from "./fixtures";
import { boardColumn, createLead, leadCard, listLeads, openDashboard, submitContactForm, toast, uniqueToken } from "./dashboard-fixtures";

test.describe("contact submissions", () => {
  test("a submission converts to a lead once, whatever is clicked or reloaded", async ({ staffPage: { page }, baseURL, request }) => {
    const token = uniqueToken();
    const name = `Sam ${token}`;
    const email = `sam.${token}@example.com`;
    const message = `Our crawl space floods every spring. ${"We also see mold on the joists and the floors feel damp. ".repeat(5)}`;
    // One submission per run and device: the server limits the contact form per IP.
    await submitContactForm(request, baseURL, {
      name,
      email,
      phone: "828.555.0123",
      zipCode: "28806",
      service: "crawl-space-encapsulation",
      message,
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring-floods",
    });

    await openDashboard(page);
    await page.getByRole("tab", { name: "Contact Submissions" }).click();
    const card = page.getByRole("article", { name });
    await expect(card).toContainText(email);
    await expect(card).toContainText("(828) 555-0123");
    await expect(card).toContainText("Crawl Space Encapsulation");
    await expect(card).toContainText("google / cpc · Campaign: spring-floods");
    await expect(card).toContainText(/Submitted \w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)/);
    await expect(card.getByText(`${message.slice(0, 200).trimEnd()}...`)).toBeVisible();
    // The rest of a long message is one button away.
    const readMore = card.getByRole("button", { name: "Read the whole message" });
    await expect(readMore).toHaveAttribute("aria-expanded", "false");
    await readMore.click();
    await expect(card.getByText(message.trim())).toBeVisible();
    await card.getByRole("button", { name: "Show less" }).click();
    await expect(card.getByText(`${message.slice(0, 200).trimEnd()}...`)).toBeVisible();

    const convert = card.getByRole("button", { name: "Convert to Lead" });
    await convert.click();
    await expect(toast(page, "Converted to lead")).toBeVisible();
    await expect(card.getByText("Converted", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: "Convert to Lead" })).toHaveCount(0);

    const matching = async () => (await listLeads(page.request)).filter((lead) => lead.email === email);
    expect(await matching()).toHaveLength(1);

    // A reload shows it converted; the server does not convert twice either.
    await page.reload();
    await page.getByRole("tab", { name: "Contact Submissions" }).click();
    await expect(page.getByRole("article", { name }).getByText("Converted", { exact: true })).toBeVisible();
    await expect(page.getByRole("article", { name }).getByRole("button", { name: "Convert to Lead" })).toHaveCount(0);
    expect(await matching()).toHaveLength(1);

    // "View lead" opens the board on it.
    await page.getByRole("article", { name }).getByRole("button", { name: "View lead" }).click();
    await expect(page.getByRole("tab", { name: "Lead Management" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("searchbox", { name: "Search leads" })).toHaveValue(email);
    await expect(leadCard(boardColumn(page, "New Leads"), name)).toContainText("Crawl Space Encapsulation");
  });

  test("converting a submission someone else already converted says it is already a lead, and opens it", async ({
    staffPage: { page },
    baseURL,
    request,
  }) => {
    const token = uniqueToken();
    const name = `Lee ${token}`;
    const email = `lee.${token}@example.com`;
    await submitContactForm(request, baseURL, { name, email, zipCode: "28801", message: "Musty smell downstairs." });

    await openDashboard(page);
    await page.getByRole("tab", { name: "Contact Submissions" }).click();
    const card = page.getByRole("article", { name });
    await expect(card.getByRole("button", { name: "Convert to Lead" })).toBeVisible();

    // Converted from another tab while this one still shows it as new.
    const list = await page.request.get("/api/contact-submissions");
    const submission = ((await list.json()) as { id: string; email: string }[]).find((s) => s.email === email)!;
    const elsewhere = await page.request.post(`/api/contact-submissions/${submission.id}/convert-to-lead`, {
      headers: { origin: baseURL ?? "" },
    });
    expect(elsewhere.ok()).toBe(true);

    await card.getByRole("button", { name: "Convert to Lead" }).click();
    const notice = toast(page, "Already a lead");
    await expect(notice).toContainText(`This submission is already the lead ${name}; no new lead was made.`);
    await expect(card.getByText("Converted", { exact: true })).toBeVisible();
    expect((await listLeads(page.request)).filter((lead) => lead.email === email)).toHaveLength(1);

    await notice.getByRole("button", { name: "View lead" }).click();
    await expect(page.getByRole("tab", { name: "Lead Management" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("searchbox", { name: "Search leads" })).toHaveValue(email);
    await expect(leadCard(boardColumn(page, "New Leads"), name)).toBeVisible();
  });
});

test.describe("a submission that matches a lead", () => {
  test("the match shows before converting; 'Add to this lead' puts the message in its notes and history; the tab counts new requests", async ({
    staffPage: { page },
    baseURL,
    request,
  }) => {
    const token = uniqueToken();
    const phone = `828${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const earlier = await createLead(page.request, baseURL, { name: `Earlier ${token}`, phone, notes: "Asked about a sump pump." });
    const name = `Robin ${token}`;
    await submitContactForm(request, baseURL, {
      name,
      email: `robin.${token}@example.com`,
      phone,
      zipCode: "28801",
      service: "sump-pump",
      message: `The pump runs all the time ${token}.`,
    });

    await openDashboard(page);
    const tab = page.getByRole("tab", { name: /^Contact Submissions/ });
    const badge = tab.getByTestId("new-submissions-badge");
    await expect(badge).toBeVisible();
    const before = Number((await badge.innerText()).replace(/\D/g, ""));
    expect(before).toBeGreaterThan(0);
    await expect(tab).toHaveAccessibleName(/Contact Submissions \d+\+? new/);
    await tab.click();

    const card = page.getByRole("article", { name });
    await card.getByRole("button", { name: "Convert to Lead" }).click();
    const dialog = page.getByRole("dialog", { name: "This may be a lead you already have" });
    await expect(dialog).toContainText(earlier.name);
    await expect(dialog).toContainText("Same phone");
    await expect(dialog.getByRole("button", { name: "Create a new lead" })).toBeVisible();
    // Cancel converts nothing.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole("button", { name: "Convert to Lead" })).toBeVisible();

    await card.getByRole("button", { name: "Convert to Lead" }).click();
    await dialog.getByRole("button", { name: "Add to this lead" }).click();
    await expect(toast(page, "Added to lead")).toBeVisible();
    await expect(card.getByRole("button", { name: "View lead" })).toBeVisible();
    await expect(card).toContainText("Converted");
    if (before > 1) await expect(badge).toHaveText(new RegExp(`^${before - 1}`));
    else await expect(badge).toHaveCount(0);

    const lead = (await listLeads(page.request)).find((l) => l.id === earlier.id);
    expect(lead?.notes).toBe(`Asked about a sump pump.\n\nThe pump runs all the time ${token}.`);
    const history = await page.request.get(`/api/leads/${earlier.id}/timeline`);
    expect(((await history.json()) as { kind: string }[]).map((e) => e.kind)).toContain("submission");
    expect((await listLeads(page.request)).filter((l) => l.name === name)).toHaveLength(0);
  });
});
