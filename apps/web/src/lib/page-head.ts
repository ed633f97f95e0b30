import { absoluteUrl, defaultSeo, type ImageAsset, siteName } from "@crawlguard/content";
import type { RouteHead } from "./head";

export type PageHeadInput = {
  /** Public origin of the site (router context `publicUrl`). */
  publicUrl: string;
  /** Path of the page, used for the canonical and `og:url`. */
  path: string;
  title: string;
  description: string;
  keywords?: readonly string[];
  /** Share image; defaults to the hero image. */
  image?: ImageAsset;
  ogType?: "website" | "article";
  /** schema.org objects, each rendered as an `application/ld+json` script. */
  jsonLd?: ReadonlyArray<object>;
  noindex?: boolean;
};

/**
 * The full head of a public page in TanStack Router's `head()` format:
 * title, description, keywords, canonical URL, Open Graph and Twitter tags
 * and optional JSON-LD. Use it from a route:
 *
 *   head: ({ match }) => pageHead({ publicUrl: match.context.publicUrl, ...pageSeo["/about"] })
 */
export function pageHead(input: PageHeadInput): RouteHead {
  const url = absoluteUrl(input.publicUrl, input.path);
  const image = input.image ?? defaultSeo.image;
  const imageUrl = absoluteUrl(input.publicUrl, image.src);
  const meta: NonNullable<RouteHead["meta"]> = [
    { title: input.title },
    { name: "description", content: input.description },
    { property: "og:type", content: input.ogType ?? "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: defaultSeo.locale },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: imageUrl },
  ];
  if (input.keywords?.length) meta.push({ name: "keywords", content: input.keywords.join(", ") });
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  return {
    meta,
    links: [{ rel: "canonical", href: url }],
    scripts: (input.jsonLd ?? []).map((data) => ({ type: "application/ld+json", children: JSON.stringify(data) })),
  };
}

/** Head of a private screen (auth, dashboard): a title, kept out of search results. */
export function privateHead(title: string): RouteHead {
  return { meta: [{ title }, { name: "robots", content: "noindex, nofollow" }] };
}
