import createCache, { type EmotionCache } from "@emotion/cache";

/**
 * The server extracts styles under this key and the client cache hydrates the
 * `<style data-emotion="cg …">` tags with the same key, so no style is inserted
 * twice and no markup differs at hydration.
 */
export const EMOTION_CACHE_KEY = "cg";

export function createEmotionCache(): EmotionCache {
  return createCache({ key: EMOTION_CACHE_KEY });
}
