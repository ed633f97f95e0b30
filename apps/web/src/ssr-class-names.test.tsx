import { describe, expect, it, vi } from "vitest";
import type { RenderInput, RenderResult } from "./entry-server";

const TEMPLATE = '<!DOCTYPE html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>';

type Render = (input: RenderInput) => Promise<RenderResult>;

/** entry-server's render in a fresh module graph: a server process that has rendered nothing yet. */
async function freshRender(): Promise<Render> {
  vi.resetModules();
  return (await import("./entry-server")).render;
}

/** Every element's class attribute, in document order: what the browser's render must reproduce. */
async function classNames(render: Render, url: string): Promise<string[]> {
  const { status, html } = await render({ url, template: TEMPLATE, publicUrl: "https://crawlguard.example" });
  expect(status).toBe(200);
  return [...html.matchAll(/ class="([^"]*)"/g)].map((match) => match[1] ?? "");
}

/** Pages whose components share style props with the home page's, in another order (e.g. the spinner's text). */
const OTHER_PAGES = ["/admin", "/auth", "/contact", "/gallery", "/about", "/services", "/services/sump-pump"];

describe("server-rendered class names", () => {
  // A browser renders one page in a fresh process; the server renders every page in one long-lived
  // process. Chakra memoises its style computation: if a page's class names depended on what the
  // process computed before, the browser's render would name styles the server never sent and
  // insert them again after hydration (Chakra 3.37 keyed that memo on sorted property names while
  // the CSS kept the first caller's order; e2e "styles" in public-pages.spec caught it).
  // Two fresh module graphs and nine server renders: seconds on a quiet machine, more under load.
  it("do not depend on the pages the server rendered before", { timeout: 60_000 }, async () => {
    const home = await classNames(await freshRender(), "/");
    expect(home.length).toBeGreaterThan(100);

    const render = await freshRender();
    for (const url of OTHER_PAGES) await classNames(render, url);
    expect(await classNames(render, "/")).toEqual(home);
  });

  it("keep the order the style props were given in", async () => {
    vi.resetModules();
    const { getSystem } = await import("./theme/system");
    const system = getSystem();
    expect(Object.keys(system.css({ color: "fg.muted", textStyle: "sm" }))).toEqual(["color", "fontSize", "lineHeight"]);
    expect(Object.keys(system.css({ textStyle: "sm", color: "fg.muted" }))).toEqual(["fontSize", "lineHeight", "color"]);
  });
});
