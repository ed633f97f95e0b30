/**
 * Page head data (title, meta, canonical, Open Graph, JSON-LD) per route.
 *
 * Routes declare it with TanStack Router's standard `head()` option; the
 * router runs `head()` on the server and on every client navigation and
 * stores the result on each match. `collectHeadTags(matches)` merges the
 * matches (deepest route wins for the title, a meta name/property and the
 * canonical link), the server renders the tags into `<!--app-head-->`
 * (`renderHeadTags`) and `<HeadManager/>` keeps `document.head` in sync on
 * the client (`applyHeadTags`). Tags we own carry `data-head`, so static tags
 * of index.html (charset, viewport, favicon) are never touched.
 */

export const HEAD_ATTRIBUTE = "data-head";

/** Title used by the 404 page (docs/product.md "Screens and routes"). */
export const NOT_FOUND_TITLE = "404 Page Not Found";

export type HeadMeta = {
  title?: string;
  name?: string;
  property?: string;
  content?: string;
  charSet?: string;
};

export type HeadLink = { rel: string; href: string; type?: string; hrefLang?: string; sizes?: string };

export type HeadScript = { type: string; children: string };

/** What a route's `head()` returns (the subset of TanStack's format we use). */
export type RouteHead = { meta?: HeadMeta[]; links?: HeadLink[]; scripts?: HeadScript[] };

export type HeadTag =
  | { tag: "title"; children: string }
  | { tag: "meta"; attrs: Record<string, string> }
  | { tag: "link"; attrs: Record<string, string> }
  | { tag: "script"; attrs: Record<string, string>; children: string };

/** The fields of a router match that carry head data. */
export type HeadMatch = {
  meta?: ReadonlyArray<unknown>;
  links?: ReadonlyArray<unknown>;
  headScripts?: ReadonlyArray<unknown>;
  _notFound?: boolean;
};

function stringAttrs(value: unknown): Record<string, string> {
  const attrs: Record<string, string> = {};
  if (typeof value !== "object" || value === null) return attrs;
  for (const [key, raw] of Object.entries(value)) {
    if (key === "children" || key === "title") continue;
    if (typeof raw === "string" || typeof raw === "number") attrs[key] = String(raw);
  }
  return attrs;
}

function metaKey(attrs: Record<string, string>): string | undefined {
  if (attrs["name"]) return `name:${attrs["name"]}`;
  if (attrs["property"]) return `property:${attrs["property"]}`;
  if (attrs["charSet"]) return "charSet";
  return undefined;
}

/** Merges the head data of the rendered matches, root first. */
export function collectHeadTags(matches: ReadonlyArray<HeadMatch>): HeadTag[] {
  let title: string | undefined;
  const metaByKey = new Map<string, Record<string, string>>();
  const unkeyedMeta: Record<string, string>[] = [];
  let canonical: Record<string, string> | undefined;
  const links: Record<string, string>[] = [];
  const scripts: HeadTag[] = [];

  for (const match of matches) {
    for (const entry of match.meta ?? []) {
      if (typeof entry !== "object" || entry === null) continue;
      const entryTitle = (entry as { title?: unknown }).title;
      if (typeof entryTitle === "string") {
        title = entryTitle;
        continue;
      }
      const attrs = stringAttrs(entry);
      const key = metaKey(attrs);
      if (key) metaByKey.set(key, attrs);
      else if (Object.keys(attrs).length > 0) unkeyedMeta.push(attrs);
    }
    for (const entry of match.links ?? []) {
      const attrs = stringAttrs(entry);
      if (!attrs["rel"] || !attrs["href"]) continue;
      if (attrs["rel"] === "canonical") canonical = attrs;
      else links.push(attrs);
    }
    for (const entry of match.headScripts ?? []) {
      if (typeof entry !== "object" || entry === null) continue;
      const children = (entry as { children?: unknown }).children;
      if (typeof children !== "string") continue;
      scripts.push({ tag: "script", attrs: stringAttrs(entry), children });
    }
  }

  // A path no route matched renders the not-found component at the boundary
  // route, which TanStack Router flags with `_notFound`.
  if (matches.some((match) => match._notFound === true)) {
    title = NOT_FOUND_TITLE;
    canonical = undefined;
    metaByKey.set("name:robots", { name: "robots", content: "noindex" });
  }

  const tags: HeadTag[] = [];
  if (title !== undefined) tags.push({ tag: "title", children: title });
  for (const attrs of metaByKey.values()) tags.push({ tag: "meta", attrs });
  for (const attrs of unkeyedMeta) tags.push({ tag: "meta", attrs });
  if (canonical) tags.push({ tag: "link", attrs: canonical });
  for (const attrs of links) tags.push({ tag: "link", attrs });
  tags.push(...scripts);
  return tags;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Keeps a script body from closing its own tag (`</script>`, `<!--`). */
function escapeScriptText(text: string): string {
  return text.replace(/</g, "\\u003c");
}

const ATTRIBUTE_NAMES: Record<string, string> = { charSet: "charset", hrefLang: "hreflang", httpEquiv: "http-equiv" };

function attributeName(key: string): string {
  return ATTRIBUTE_NAMES[key] ?? key;
}

function renderAttrs(attrs: Record<string, string>): string {
  return Object.entries(attrs)
    .map(([key, value]) => ` ${attributeName(key)}="${escapeHtml(value)}"`)
    .join("");
}

/** HTML for `<!--app-head-->` on the server. */
export function renderHeadTags(tags: ReadonlyArray<HeadTag>): string {
  return tags
    .map((tag) => {
      switch (tag.tag) {
        case "title":
          return `<title>${escapeHtml(tag.children)}</title>`;
        case "meta":
          return `<meta ${HEAD_ATTRIBUTE}=""${renderAttrs(tag.attrs)}>`;
        case "link":
          return `<link ${HEAD_ATTRIBUTE}=""${renderAttrs(tag.attrs)}>`;
        case "script":
          return `<script ${HEAD_ATTRIBUTE}=""${renderAttrs(tag.attrs)}>${escapeScriptText(tag.children)}</script>`;
      }
    })
    .join("");
}

function createElement(doc: Document, tag: Exclude<HeadTag, { tag: "title" }>): HTMLElement {
  const element = doc.createElement(tag.tag);
  element.setAttribute(HEAD_ATTRIBUTE, "");
  for (const [key, value] of Object.entries(tag.attrs)) element.setAttribute(attributeName(key), value);
  if (tag.tag === "script") element.textContent = escapeScriptText(tag.children);
  return element;
}

/**
 * Brings `document.head` in line with `tags`: sets the title and replaces the
 * elements we own when they differ (so the server's tags stay untouched on
 * the first client render).
 */
export function applyHeadTags(doc: Document, tags: ReadonlyArray<HeadTag>): void {
  const title = tags.find((tag) => tag.tag === "title");
  if (title && doc.title !== title.children) doc.title = title.children;

  const wanted = tags.filter((tag): tag is Exclude<HeadTag, { tag: "title" }> => tag.tag !== "title");
  const current = Array.from(doc.head.querySelectorAll(`[${HEAD_ATTRIBUTE}]`));
  const next = wanted.map((tag) => createElement(doc, tag));
  const unchanged = current.length === next.length && current.every((element, index) => element.isEqualNode(next[index] ?? null));
  if (unchanged) return;
  for (const element of current) element.remove();
  for (const element of next) doc.head.appendChild(element);
}
