import { type ContactSubmission, referrerHost } from "@crawlguard/validators";

/**
 * Where the visitor came from, in one line: "google / cpc · Campaign: spring-crawl"
 * from UTM tags, else the referring site. Null when nothing was recorded.
 */
export function attributionOf(submission: Pick<ContactSubmission, "utmSource" | "utmMedium" | "utmCampaign" | "referrer">): string | null {
  const source = [submission.utmSource, submission.utmMedium].filter(Boolean).join(" / ");
  const parts: string[] = [];
  if (source) parts.push(source);
  if (submission.utmCampaign) parts.push(`Campaign: ${submission.utmCampaign}`);
  if (parts.length === 0) {
    const referrer = referrerHost(submission.referrer);
    if (referrer) parts.push(`Referred by ${referrer}`);
  }
  return parts.length > 0 ? parts.join(" · ") : null;
}
