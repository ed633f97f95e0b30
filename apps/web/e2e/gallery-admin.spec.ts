import type { Locator, Page } from "@playwright/test";
import { collectPageErrors, expect, test, touchScreen, waitForHydration } from "./fixtures";
import { openDashboard, toast, uniqueToken } from "./dashboard-fixtures";
import {
  chooseFile,
  createGalleryImage,
  deleteGalleryImagesTitled,
  galleryCard,
  listGalleryImages,
  makeImage,
  openGalleryTab,
  seeAndDismissToast,
} from "./gallery-fixtures";

// Gallery images are shared by every account, and the public gallery test (public-pages.spec.ts)
// counts the projects on /gallery: every test here removes what it added, pass or fail.

/**
 * Two images made for one test, `first` shown before `second` (same display order: the newest
 * first), on the open Gallery tab; `ours` reads their order on the page. Both go afterwards.
 */
async function withTwoImages(
  page: Page,
  baseURL: string | undefined,
  label: string,
  run: (images: { list: Locator; ours: () => Promise<(string | null)[]>; first: string; second: string; token: string }) => Promise<void>,
): Promise<void> {
  const token = uniqueToken();
  const first = `${label} first ${token}`;
  const second = `${label} second ${token}`;
  try {
    await createGalleryImage(page.request, baseURL, { title: second });
    await createGalleryImage(page.request, baseURL, { title: first });
    await openDashboard(page);
    const panel = await openGalleryTab(page);
    const list = panel.getByRole("list", { name: "Gallery images" });
    const ours = async () =>
      (await list.getByRole("article").evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label")))).filter((name) =>
        name?.endsWith(token),
      );
    await expect.poll(ours).toEqual([first, second]);
    await run({ list, ours, first, second, token });
  } finally {
    await deleteGalleryImagesTitled(page.request, baseURL, [first, second]);
  }
}

/**
 * Moves `title`'s card one place with the keyboard, paced as a screen-reader user would: Space,
 * then the arrow once dnd-kit has announced the pick-up (it measures the places to move to only
 * after the drag starts, so an arrow sent in the same instant finds nowhere to go), then Space
 * once it has announced the new place.
 */
async function moveByKeyboard(page: Page, list: Locator, title: string, key: "ArrowDown" | "ArrowRight"): Promise<void> {
  const live = page.locator('[id^="DndLiveRegion"]');
  await galleryCard(list, title)
    .getByRole("button", { name: `Move ${title}` })
    .focus();
  await page.keyboard.press("Space");
  // "Picked up <title>, in position 1 of 2.", at once replaced by "<title> is over position 1 of 2."
  const startPlace = /(?:, in| is over) position (\d+) of/;
  await expect(live).toContainText(startPlace);
  const start = startPlace.exec((await live.textContent()) ?? "")?.[1];
  await page.keyboard.press(key);
  await expect(live).toContainText(new RegExp(`is over position (?!${start} of)\\d+ of`));
  await page.keyboard.press("Space");
}

test.describe("gallery management", () => {
  // Each test uploads real images (the server decodes and converts them with sharp) before it
  // starts: on a busy 2-core machine that alone can take most of the default 30 s.
  test.describe.configure({ timeout: 60_000 });

  test("add a photo with a real upload, publish it, find it on /gallery, unpublish it, delete it", async ({
    staffPage: { page },
    baseURL,
  }) => {
    const title = `Encapsulated crawl space ${uniqueToken()}`;
    const description = "A 20-mil liner over the floor and walls, sealed vents and a dehumidifier.";
    // The whole round trip, with a 2 MB upload and the server making its renditions.
    test.slow();
    try {
      const errors = collectPageErrors(page);
      await openDashboard(page);
      const panel = await openGalleryTab(page);
      await panel.getByRole("button", { name: "Add Image" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Image" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText("One image, up to 10 MB: JPEG, PNG, WebP, AVIF or GIF.")).toBeVisible();

      // Saving before anything is uploaded or typed.
      await dialog.getByRole("button", { name: "Add Image" }).click();
      await expect(dialog.getByText("Please upload an image first")).toBeVisible();
      await expect(dialog.getByText("Title and alt text are required")).toHaveCount(2);

      // A real PNG, chosen through the picker: a preview, the name as alt text, and no upload yet.
      await chooseFile(page, dialog, { name: "crawl-space-after.png", mimeType: "image/png", buffer: await makeImage("png") });
      await expect(dialog.getByRole("img", { name: "Preview of crawl-space-after.png" })).toBeVisible();
      await expect(dialog.getByLabel("Alt text")).toHaveValue("crawl space after");
      await expect(dialog.getByRole("progressbar")).toHaveCount(0);
      await dialog.getByRole("button", { name: "Add Image" }).click();
      await expect(dialog.getByText("Please upload an image first")).toBeVisible();

      await dialog.getByRole("button", { name: "Upload", exact: true }).click();
      const progress = dialog.getByRole("progressbar", { name: "Upload progress" });
      await expect(progress).toBeVisible();
      await expect(dialog.getByText("Upload complete", { exact: true })).toBeVisible();
      await expect(progress).toHaveAttribute("aria-valuenow", "100");
      await expect(dialog.getByText("Please upload an image first")).toHaveCount(0);

      await dialog.getByLabel("Title").fill(title);
      await dialog.getByLabel("Alt text").fill("White liner covering a crawl space floor and walls");
      await dialog.getByLabel("Category").selectOption({ label: "Encapsulation" });
      await dialog.getByLabel("Description").fill(description);
      await dialog.getByLabel("SEO keywords").fill("crawl space encapsulation, Asheville");
      await dialog.getByText("Published", { exact: true }).click();
      await expect(dialog.getByRole("switch", { name: "Published" })).toBeChecked();
      await dialog.getByRole("button", { name: "Add Image" }).click();
      await seeAndDismissToast(page, "Image added to gallery successfully");
      await expect(dialog).toBeHidden();

      const card = galleryCard(panel, title);
      await expect(card.getByText("Published", { exact: true })).toBeVisible();
      await expect(card.getByText("Encapsulation", { exact: true })).toBeVisible();
      await expect(card.getByText(description)).toBeVisible();
      await expect(card.getByText("crawl space encapsulation, Asheville")).toBeVisible();
      await expect(card.getByRole("button", { name: "Unpublish image" })).toHaveAttribute("aria-pressed", "true");
      const cardImage = card.getByRole("img", { name: "White liner covering a crawl space floor and walls" });
      await expect(cardImage).toHaveAttribute("srcset", /\.webp 480w/);
      await expect(cardImage).toHaveAttribute("width", "1200");
      await expect(cardImage).toHaveAttribute("height", "900");

      // Edited, with the photo replaced by another upload (a JPEG this time).
      const firstUrl = await cardImage.getAttribute("src");
      await card.getByRole("button", { name: `Edit ${title}` }).click();
      const edit = page.getByRole("dialog", { name: "Edit Image" });
      await expect(edit.getByLabel("Title")).toHaveValue(title);
      await expect(edit.getByText("Current image")).toBeVisible();
      await chooseFile(page, edit, { name: "liner-closeup.jpg", mimeType: "image/jpeg", buffer: await makeImage("jpeg", 1000, 750) });
      // The alt text typed before stays: only empty alt text is filled from a file's name.
      await expect(edit.getByLabel("Alt text")).toHaveValue("White liner covering a crawl space floor and walls");
      await edit.getByRole("button", { name: "Upload", exact: true }).click();
      await expect(edit.getByText("Upload complete", { exact: true })).toBeVisible();
      await edit.getByLabel("SEO keywords").fill("crawl space encapsulation, Weaverville");
      await edit.getByRole("button", { name: "Update Image" }).click();
      await seeAndDismissToast(page, "Image updated successfully");
      await expect(edit).toBeHidden();
      await expect(card.getByText("crawl space encapsulation, Weaverville")).toBeVisible();
      await expect(cardImage).not.toHaveAttribute("src", firstUrl ?? "");
      await expect(cardImage).toHaveAttribute("width", "1000");

      // The public gallery shows it at once, with its sizes, under All Projects and Crawl Space.
      await page.goto("/gallery");
      await waitForHydration(page);
      const grid = page.getByRole("list", { name: "Projects" });
      const tile = grid.getByRole("button", { name: title });
      await expect(tile).toBeVisible();
      const photo = tile.getByRole("img", { name: "White liner covering a crawl space floor and walls" });
      await expect(photo).toHaveAttribute("srcset", /480w.*960w/);
      await expect(photo).toHaveAttribute("sizes", /.+/);
      await expect(photo).toHaveAttribute("width", "1000");
      await expect(photo).toHaveAttribute("loading", "lazy");
      await page.getByRole("button", { name: "Basement", exact: true }).click();
      await expect(tile).toHaveCount(0);
      await page.getByRole("button", { name: "Crawl Space", exact: true }).click();
      await tile.click();
      const modal = page.getByRole("dialog", { name: title });
      await expect(modal.getByText(description)).toBeVisible();
      await expect(modal.getByRole("img", { name: "White liner covering a crawl space floor and walls" })).toHaveAttribute(
        "src",
        /\/2\.webp$/,
      );
      await page.keyboard.press("Escape");

      // Unpublished with the eye: gone from /gallery at once.
      await openDashboard(page);
      await openGalleryTab(page);
      await card.getByRole("button", { name: "Unpublish image" }).click();
      await seeAndDismissToast(page, "Image updated successfully");
      await expect(card.getByText("Draft", { exact: true })).toBeVisible();
      await expect(card.getByRole("button", { name: "Publish image" })).toHaveAttribute("aria-pressed", "false");
      await page.goto("/gallery");
      await waitForHydration(page);
      await expect(page.getByRole("list", { name: "Projects" }).getByRole("listitem").first()).toBeVisible();
      await expect(page.getByRole("button", { name: title })).toHaveCount(0);
      expect((await (await page.request.get("/gallery")).text()).includes(title), "the title in the server's HTML").toBe(false);

      // Deleted after the confirmation.
      await openDashboard(page);
      await openGalleryTab(page);
      await card.getByRole("button", { name: `Delete ${title}` }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm.getByText("Are you sure you want to delete this image?")).toBeVisible();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page, "Image deleted successfully")).toBeVisible();
      await expect(card).toHaveCount(0);
      expect((await listGalleryImages(page.request)).some((image) => image.title === title)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await deleteGalleryImagesTitled(page.request, baseURL, [title]);
    }
  });

  test("a published photo is in /gallery's server-rendered HTML, with srcset and size", async ({ staffPage: { page }, baseURL }) => {
    const title = `Dry basement ${uniqueToken()}`;
    try {
      const image = await createGalleryImage(page.request, baseURL, {
        title,
        category: "waterproofing",
        isPublished: true,
        description: "Interior drain and sump.",
      });
      const html = await (await page.request.get("/gallery")).text();
      expect(html.includes(title), "the photo's title in the server's HTML").toBe(true);
      const img = new RegExp(`<img[^>]*alt="Alt of ${title}"[^>]*>`).exec(html)?.[0] ?? "";
      expect(img, "the photo's <img> in the server's HTML").not.toBe("");
      expect(img).toMatch(/srcset="[^"]*480w/i);
      expect(img).toMatch(/sizes="[^"]+"/);
      expect(img).toContain('width="800"');
      expect(img).toContain('height="600"');
      expect(img).toContain('loading="lazy"');
      expect(image.renditions.length).toBeGreaterThan(0);
    } finally {
      await deleteGalleryImagesTitled(page.request, baseURL, [title]);
    }
  });

  test("refused files say why, and nothing is saved without an upload", async ({ staffPage: { page } }) => {
    // Four files, one of them over 10 MB handed to the browser.
    test.setTimeout(90_000);
    await openDashboard(page);
    const panel = await openGalleryTab(page);
    await panel.getByRole("button", { name: "Add Image" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Image" });

    // A text file named .png passes the browser's type check; the server reads its bytes and refuses it.
    await chooseFile(page, dialog, {
      name: "not-a-photo.png",
      mimeType: "image/png",
      buffer: Buffer.from("just some text, not an image\n".repeat(20)),
    });
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    const refusal = dialog.getByTestId("upload-error");
    await expect(refusal).toHaveText("Only JPEG, PNG, WebP, AVIF and GIF images can be uploaded.");
    await expect(dialog.getByRole("button", { name: "Upload again" })).toBeVisible();

    // An SVG is an image to the browser, but not one the gallery takes.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await chooseFile(page, dialog, { name: "diagram.svg", mimeType: "image/svg+xml", buffer: svg });
    await expect(refusal).toHaveCount(0);
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(refusal).toHaveText("Only JPEG, PNG, WebP, AVIF and GIF images can be uploaded.");

    // Not an image at all: refused before anything is sent.
    await chooseFile(page, dialog, { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("notes") });
    await expect(refusal).toHaveText("Only images can be uploaded: JPEG, PNG, WebP, AVIF or GIF.");

    // Over 10 MB: refused before anything is sent.
    await chooseFile(page, dialog, { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(10_485_761, 1) });
    await expect(refusal).toContainText("exceeds maximum allowed size of 10 MB");
    await expect(dialog.getByRole("button", { name: "Upload", exact: true })).toHaveCount(0);

    await dialog.getByLabel("Title").fill("Never saved");
    await dialog.getByLabel("Alt text").fill("Never saved");
    await dialog.getByRole("button", { name: "Add Image" }).click();
    await expect(dialog.getByText("Please upload an image first")).toBeVisible();
    expect((await listGalleryImages(page.request)).some((image) => image.title === "Never saved")).toBe(false);
  });

  test("the keyboard moves an image to another place, and the order is saved", async ({ staffPage: { page }, baseURL }, testInfo) => {
    const errors = collectPageErrors(page);
    // Same display order: the newest shows first.
    await withTwoImages(page, baseURL, "Reorder", async ({ list, ours, first, second, token }) => {
      // One column on a phone, three on a desktop: the next place is below, or to the right.
      await moveByKeyboard(page, list, first, testInfo.project.name === "phone" ? "ArrowDown" : "ArrowRight");
      await expect.poll(ours).toEqual([second, first]);
      await expect(page.getByTestId("gallery-move-outcome")).toContainText("The order is saved.");

      const saved = (await listGalleryImages(page.request)).filter((image) => image.title.endsWith(token));
      expect(saved.map((image) => image.title)).toEqual([second, first]);
      expect(Number(saved[0]?.displayOrder)).toBeLessThan(Number(saved[1]?.displayOrder));

      await page.reload();
      await waitForHydration(page);
      await openGalleryTab(page);
      await expect.poll(ours).toEqual([second, first]);
      expect(errors).toEqual([]);
    });
  });

  test("the mouse drags an image by its handle to another place @desktop-only", async ({ staffPage: { page }, baseURL }) => {
    await withTwoImages(page, baseURL, "Drag", async ({ list, ours, first, second, token }) => {
      const from = await galleryCard(list, first)
        .getByRole("button", { name: `Move ${first}` })
        .boundingBox();
      const to = await galleryCard(list, second).boundingBox();
      if (!from || !to) throw new Error("cards not laid out");
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
      await page.mouse.up();
      await expect.poll(ours).toEqual([second, first]);
      await expect(page.getByTestId("gallery-move-outcome")).toContainText("The order is saved.");
      const saved = (await listGalleryImages(page.request)).filter((image) => image.title.endsWith(token));
      expect(saved.map((image) => image.title)).toEqual([second, first]);
    });
  });

  test("on a touch screen, a long press on the handle then a slide moves the image @phone-only", async ({
    staffPage: { page },
    baseURL,
  }) => {
    await withTwoImages(page, baseURL, "Touch", async ({ list, ours, first, second }) => {
      const handle = galleryCard(list, first).getByRole("button", { name: `Move ${first}` });
      await handle.scrollIntoViewIfNeeded();
      const from = await handle.boundingBox();
      const to = await galleryCard(list, second).boundingBox();
      if (!from || !to) throw new Error("cards not laid out");
      const touch = await touchScreen(page);
      const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
      // Into the second card's lower half (it may be partly below the fold: the page scrolls as the card nears the edge).
      const end = { x: start.x, y: Math.min(to.y + to.height * 0.75, (page.viewportSize()?.height ?? 844) - 10) };
      await touch("touchStart", start.x, start.y);
      // Hold past the activation delay: a quick swipe scrolls the page instead.
      await page.waitForTimeout(400);
      for (let step = 1; step <= 12; step += 1) await touch("touchMove", start.x, start.y + ((end.y - start.y) * step) / 12);
      await page.waitForTimeout(300);
      await touch("touchEnd");
      await expect.poll(ours).toEqual([second, first]);
      await expect(page.getByTestId("gallery-move-outcome")).toContainText("The order is saved.");
    });
  });

  test("a new order the server refuses is put back, with an error toast", async ({ staffPage: { page }, baseURL }, testInfo) => {
    await withTwoImages(page, baseURL, "Refused", async ({ list, ours, first, second }) => {
      // The refusal is held back until the test has seen the card in its new place.
      let release = () => {};
      const seen = new Promise<void>((resolve) => (release = resolve));
      try {
        await page.route("**/trpc/gallery.reorder**", async (route) => {
          await seen;
          await route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({
              error: { message: "Database unavailable", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 } },
            }),
          });
        });
        await moveByKeyboard(page, list, first, testInfo.project.name === "phone" ? "ArrowDown" : "ArrowRight");
        // At once in its new place...
        await expect.poll(ours).toEqual([second, first]);
        release();
        // ...and back, with the reason, once the server refuses.
        await expect(toast(page, "Error")).toContainText("Database unavailable");
        await expect.poll(ours).toEqual([first, second]);
        await expect(page.getByTestId("gallery-move-outcome")).toHaveText(
          `The new order could not be saved; ${first} is back where it was.`,
        );
      } finally {
        release();
        await page.unrouteAll({ behavior: "ignoreErrors" });
      }
    });
  });
});
