import { expect, loginUser, newUser, registerUser, test } from "./fixtures";
import { leadCard, openDashboard, openLeadDetails, searchLeads, signInAsAdmin, toast, uniqueToken } from "./dashboard-fixtures";
import { ashevilleInstant, ashevilleWeekday, bookAppointment, createTimeBlock, openAvailability } from "./scheduling-fixtures";

// Roles (docs/product.md "Roles and permissions"), assigning a lead from its card, and a time block
// saved over appointments, on a desktop.

test.describe("roles", () => {
  test("an admin invites with a role and changes an account's role; crew then see only their tabs", async ({
    page,
    baseURL,
    browser,
    request,
  }) => {
    const office = await registerUser(request, baseURL, newUser("office"));
    expect(office.account.role).toBe("office");
    await signInAsAdmin(page.request, baseURL);
    await openDashboard(page);
    await page.getByRole("tab", { name: "User Management" }).click();

    // Invite User: Office unless another role is chosen.
    await page.getByRole("button", { name: "Invite User" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite User" });
    const role = dialog.getByLabel("Role");
    await expect(role).toHaveValue("office");
    await role.selectOption("crew");
    const invitee = newUser("crew");
    await dialog.getByLabel("Email").fill(invitee.email);
    await dialog.getByRole("button", { name: "Create Invitation" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("region", { name: "New invitation link" })).toContainText(`Invitation created for ${invitee.email} (crew)`);
    await expect(
      page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem").filter({ hasText: invitee.email }),
    ).toContainText("Crew");

    // The account's card shows its role and changes it.
    const card = page.getByRole("article", { name: office.username });
    const select = card.getByRole("combobox", { name: `Role of ${office.username}` });
    await expect(select).toHaveValue("office");
    await select.selectOption("crew");
    await expect(toast(page, "Role changed")).toContainText(`${office.username} is now crew.`);
    await expect(select).toHaveValue("crew");
    // (That the only admin keeps the role is checked on a server of its own, bare-server.spec.ts:
    // this run's server has other admins, and demoting its first one would end the run.)

    const context = await browser.newContext({ baseURL });
    const crewPage = await context.newPage();
    await loginUser(crewPage.request, baseURL, office);
    await openDashboard(crewPage);
    await expect(crewPage.getByText(`Signed in as ${office.username} (crew)`)).toBeVisible();
    for (const hidden of ["Contact Submissions", "Gallery", "Google Calendar", "User Management"]) {
      await expect(crewPage.getByRole("tab", { name: hidden })).toHaveCount(0);
    }
    for (const shown of ["Lead Management", "Calendar", "Availability"]) {
      await expect(crewPage.getByRole("tab", { name: shown, exact: true })).toBeVisible();
    }
    await expect(crewPage.getByRole("button", { name: "Add Lead" })).toHaveCount(0);
    await expect(crewPage.getByRole("button", { name: "Export CSV" })).toHaveCount(0);
    await context.close();
  });

  test("the card's Assignee select gives a lead to someone else, asking first when their calendar clashes", async ({
    page,
    baseURL,
    request,
  }) => {
    const token = uniqueToken();
    const day = ashevilleWeekday(16);
    // `request` ends signed in as the last account it registered: Ben, who blocks 10:00–11:00.
    const ana = await registerUser(request, baseURL, newUser("ana"), { role: "crew" });
    const ben = await registerUser(request, baseURL, newUser("ben"), { role: "crew" });
    await createTimeBlock(request, baseURL, {
      title: `Van service ${token}`,
      startDateTime: ashevilleInstant(day, "10:00"),
      endDateTime: ashevilleInstant(day, "11:00"),
      blockType: "maintenance",
    });
    await signInAsAdmin(page.request, baseURL);
    const name = `Assign ${token}`;
    await bookAppointment(page.request, baseURL, {
      clientName: name,
      appointmentDate: day,
      appointmentTime: "10:00",
      assignedTo: ana.account.id,
    });

    await openDashboard(page);
    await searchLeads(page, token);
    const card = leadCard(page, name);
    await expect(card.getByTestId("lead-card-assignee")).toContainText(`Assigned to ${ana.username}`);
    const details = await openLeadDetails(card, name);
    const assignee = details.getByRole("combobox", { name: `Assignee of ${name}` });
    await expect(assignee).toHaveValue(ana.account.id);

    // Ben's block clashes: asked first; keeping the current assignee changes nothing.
    await assignee.selectOption({ label: ben.username });
    const ask = page.getByRole("alertdialog", { name: "Assign anyway?" });
    await expect(ask).toContainText(`The appointment clashes with ${ben.username}’s calendar:`);
    await expect(ask).toContainText(`Overlaps the time block "Van service ${token}"`);
    await ask.getByRole("button", { name: "Keep current" }).click();
    await expect(ask).toBeHidden();
    await expect(assignee).toHaveValue(ana.account.id);

    await assignee.selectOption({ label: ben.username });
    await page.getByRole("alertdialog", { name: "Assign anyway?" }).getByRole("button", { name: "Assign anyway" }).click();
    await expect(card.getByTestId("lead-card-assignee")).toContainText(`Assigned to ${ben.username}`);
    await expect(assignee).toHaveValue(ben.account.id);
    await expect(details.getByText("Assignee saved")).toBeVisible();
  });

  test("a time block over one's appointment is saved only after 'Save anyway'", async ({ staffPage: { page }, baseURL }) => {
    const token = uniqueToken();
    const day = ashevilleWeekday(18);
    const clientName = `Covered ${token}`;
    await bookAppointment(page.request, baseURL, { clientName, appointmentDate: day, appointmentTime: "14:00" });

    await openAvailability(page);
    await page.getByRole("tab", { name: "Time Blocks" }).click();
    await page.getByRole("button", { name: "Add Time Block" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Time Block" });
    await dialog.getByLabel("Title").fill(`Dentist ${token}`);
    await dialog.getByLabel("Start date").fill(day);
    await dialog.getByLabel("Start time").fill("13:30");
    await expect(dialog.getByLabel("End time")).toHaveValue("14:30");
    await dialog.getByRole("button", { name: "Create Time Block" }).click();

    const notice = dialog.getByRole("alert");
    await expect(notice).toContainText("This time clashes with something already planned");
    await expect(notice).toContainText(`Overlaps the appointment with ${clientName}`);
    await expect(dialog).toBeVisible();
    await notice.getByRole("button", { name: "Save anyway" }).click();
    await expect(toast(page, "Time block created successfully")).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Blocked Time Periods" }).getByRole("listitem", { name: `Dentist ${token}` }),
    ).toBeVisible();
  });
});
