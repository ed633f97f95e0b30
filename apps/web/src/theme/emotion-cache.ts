import createCache, { type EmotionCache } from "@emotion/cache";

/**
 * The server extracts styles under this key and the client cache hydrates the
 * `<style data-emotion="cg …">` tags with the same key, so no style is inserted
 * twice and no markup differs at hydration.
 */
export const EMOTION_CACHE_KEY = "cg";

const SERVER_STYLES = `style[data-emotion^="${EMOTION_CACHE_KEY} "]`;

type StyleChunk = { key: string; ids: string[]; css: string };

/**
 * The server's `<style>` tags for the styles a page rendered (what emotion's
 * constructStyleTagsFromChunks writes), marked `data-s`: emotion's default
 * cache, created when @emotion/react loads, otherwise moves every such tag
 * to the end of <head> (see adoptServerStyles).
 */
export function serverStyleTags(chunks: StyleChunk[]): string {
  return chunks
    .filter((chunk) => chunk.css)
    .map((chunk) => `<style data-emotion="${chunk.key} ${chunk.ids.join(" ")}" data-s="">${chunk.css}</style>`)
    .join("");
}

/**
 * Takes over the server's `<style data-emotion="cg id…">` tags where they are.
 * Emotion's own hydration moves each such tag to the end of <head>; a moved
 * `<style>` is parsed again and restyles the whole page (~25 ms on a phone,
 * right after the app loads). Instead the tags stay, and the cache is told
 * their rules exist, exactly as emotion's hydration records them.
 */
function adoptServerStyles(): string[] {
  const names: string[] = [];
  for (const node of document.querySelectorAll(SERVER_STYLES)) {
    const [, ...ids] = (node.getAttribute("data-emotion") ?? "").split(" ");
    names.push(...ids);
    // Out of emotion's sight, so it does not move the tag.
    node.setAttribute("data-emotion", `${EMOTION_CACHE_KEY}-server`);
  }
  return names;
}

export function createEmotionCache(): EmotionCache {
  const adopted = typeof document === "undefined" ? [] : adoptServerStyles();
  const cache = createCache({ key: EMOTION_CACHE_KEY });
  for (const name of adopted) cache.inserted[name] = true;
  return cache;
}
