import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { firstAdmin, loginUser } from "./fixtures";

// Playwright's web server (the built server, started by `node` from npm's PATH) runs
// on the Node the project pins, like the test runner itself.
const rootPackage = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
  optionalDependencies: Record<string, string>;
};

test("the server under test runs on the project's Node 24 @any-device", async ({ request, baseURL }) => {
  // Anonymous callers learn only the status; signed-in staff also the Node version.
  expect(await (await request.get("/api/health")).json()).toEqual({ status: "ok" });
  await loginUser(request, baseURL, firstAdmin);
  const health = (await (await request.get("/api/health")).json()) as { status: string; node: string };
  expect(health.status).toBe("ok");
  expect(Number(health.node.split(".")[0])).toBeGreaterThanOrEqual(24);
  expect(health.node).toBe(process.versions.node);
  const pinned = rootPackage.optionalDependencies[`node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}`];
  if (pinned) expect(health.node).toBe(pinned);
});

// The browser runs behind scripts/chromium.sh: one --disable-features switch carrying Playwright's own
// list and the config's, and no preloaded address-bar popup renderer eating a core.
test("the browser keeps Playwright's disabled features and drops the preloaded omnibox popup @any-device", async ({ browser, page }) => {
  await page.goto("chrome://version");
  const commandLine = await page.locator("#command_line").innerText();
  const switches = commandLine.split(/\s+/).filter((arg) => arg.startsWith("--disable-features="));
  expect(switches).toHaveLength(1);
  const disabled = switches[0]!.slice("--disable-features=".length).split(",");
  expect(disabled).toEqual(expect.arrayContaining(["HttpsUpgrades", "PaintHolding", "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]));

  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send("Target.getTargets");
  expect(targetInfos.filter((target) => target.url.includes("omnibox-popup"))).toEqual([]);
  await cdp.detach();
});
