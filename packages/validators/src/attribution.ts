/*
 * First-touch attribution of a contact submission: which query parameters of the landing page fill
 * which field, and the longest values kept (attributionSchema in contact.ts checks the same limits).
 * No zod here: the web app's start-up script imports this module on its own
 * (@crawlguard/validators/attribution), which keeps the schemas out of every page's first download.
 */

/** The UTM parameters of a landing page, each with the attribution field it fills. */
export const UTM_PARAMS = {
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
  utm_term: "utmTerm",
  utm_content: "utmContent",
} as const;

/** Every attribution field: the UTM ones, the external referrer and the landing page. */
export const ATTRIBUTION_FIELDS = [...Object.values(UTM_PARAMS), "referrer", "landingPage"] as const;

/** The longest UTM value kept. */
export const ATTRIBUTION_PARAM_MAX = 200;
/** The longest referrer or landing page kept. */
export const ATTRIBUTION_URL_MAX = 2000;
