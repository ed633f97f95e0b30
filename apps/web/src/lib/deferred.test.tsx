import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { deferred, preloadDeferred } from "./deferred";

describe("deferred", () => {
  it("renders in full on the server once preloaded", async () => {
    const BelowTheFold = deferred(() => Promise.resolve(() => <p>Service areas</p>));
    await preloadDeferred();
    const html = renderToString(<BelowTheFold />);
    expect(html).toContain("<p>Service areas</p>");
    // Server HTML inside a Suspense boundary, so the browser can hydrate it later, in a wrapper
    // the browser lays out only near the viewport.
    expect(html).toMatch(/^<div style="content-visibility:auto;contain-intrinsic-size:auto 800px"><!--\$-->.*<!--\/\$--><\/div>$/);
  });

  it("renders nothing of the part before its code is loaded", () => {
    const NotLoaded = deferred(() => new Promise(() => {}));
    expect(renderToString(<NotLoaded />)).not.toContain("<p>");
  });
});
