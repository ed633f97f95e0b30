// Imported lazily by the service detail route's loader: the detail texts of
// all six services stay out of the main bundle.
export { getServiceDetail } from "@crawlguard/content";
