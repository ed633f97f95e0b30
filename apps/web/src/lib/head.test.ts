import { describe, expect, it } from "vitest";
import { collectHeadTags, NOT_FOUND_TITLE, renderHeadTags } from "./head";

const root = {
  meta: [
    { title: "Default title" },
    { name: "description", content: "Default description" },
    { property: "og:site_name", content: "CrawlGuard" },
  ],
};

describe("collectHeadTags", () => {
  it("lets the deepest route win for the title, a meta name and the canonical link", () => {
    const page = {
      meta: [{ title: "About" }, { name: "description", content: "About us" }],
      links: [{ rel: "canonical", href: "https://example.com/about" }],
      headScripts: [{ type: "application/ld+json", children: '{"@type":"Organization"}' }],
    };
    expect(collectHeadTags([root, page])).toEqual([
      { tag: "title", children: "About" },
      { tag: "meta", attrs: { name: "description", content: "About us" } },
      { tag: "meta", attrs: { property: "og:site_name", content: "CrawlGuard" } },
      { tag: "link", attrs: { rel: "canonical", href: "https://example.com/about" } },
      { tag: "script", attrs: { type: "application/ld+json" }, children: '{"@type":"Organization"}' },
    ]);
  });

  it("uses the 404 title and noindex when no route matched", () => {
    const tags = collectHeadTags([{ ...root, _notFound: true }]);
    expect(tags).toContainEqual({ tag: "title", children: NOT_FOUND_TITLE });
    expect(tags).toContainEqual({ tag: "meta", attrs: { name: "robots", content: "noindex" } });
  });

  it("skips entries without data", () => {
    expect(collectHeadTags([{ meta: [undefined, {}], links: [{ rel: "canonical" }] }])).toEqual([]);
  });
});

describe("renderHeadTags", () => {
  it("escapes text and attributes and keeps scripts from closing early", () => {
    const html = renderHeadTags([
      { tag: "title", children: "Crawl <Space> & Basement" },
      { tag: "meta", attrs: { name: "description", content: 'Say "dry"' } },
      { tag: "meta", attrs: { charSet: "utf-8" } },
      { tag: "script", attrs: { type: "application/ld+json" }, children: '{"name":"</script><b>"}' },
    ]);
    expect(html).toBe(
      "<title>Crawl &lt;Space&gt; &amp; Basement</title>" +
        '<meta data-head="" name="description" content="Say &quot;dry&quot;">' +
        '<meta data-head="" charset="utf-8">' +
        '<script data-head="" type="application/ld+json">{"name":"\\u003c/script>\\u003cb>"}</script>',
    );
  });
});
