// Company facts live here and nowhere else: pages, footer, structured data and the dashboard
// all read them from this module.

export type DayOfWeek = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";

export interface PhoneNumber {
  /** "(828) 555-0142" */
  display: string;
  /** "8285550142" — ten digits, no punctuation */
  digits: string;
  /** "+18285550142" */
  e164: string;
  /** "tel:+18285550142" — ready for an `href` */
  href: string;
}

export interface CompanyAddress {
  street: string;
  city: string;
  state: string;
  stateName: string;
  zip: string;
  country: string;
  /** One-line form, e.g. "85 Patton Avenue, Suite 300, Asheville, NC 28801" */
  full: string;
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface OpeningHours {
  days: readonly DayOfWeek[];
  /** HH:MM, 24-hour */
  opens: string;
  /** HH:MM, 24-hour */
  closes: string;
}

export interface Stat {
  value: string;
  label: string;
}

export interface Claim {
  title: string;
  description: string;
}

export interface CompanyInfo {
  name: string;
  shortName: string;
  tagline: string;
  description: string;
  phone: PhoneNumber;
  email: string;
  emailHref: string;
  address: CompanyAddress;
  geo: GeoPoint;
  serviceArea: {
    description: string;
    radiusMeters: number;
  };
  hours: { weekdays: string; weekends: string };
  openingHours: readonly OpeningHours[];
  socialMedia: { facebook: string };
  reviewsUrl: string;
  map: {
    /** OpenStreetMap embed centred on the Asheville area, for an iframe `src` */
    embedUrl: string;
    /** The same view on openstreetmap.org ("View larger map") */
    largerMapUrl: string;
  };
  foundedYear: number;
  aggregateRating: { ratingValue: number; reviewCount: number; bestRating: number };
  stats: readonly Stat[];
  claims: readonly Claim[];
  priceRange: string;
  copyrightYear: number;
}

/** Formats a US phone number as "(xxx) xxx-xxxx"; input it cannot parse is returned unchanged. */
export function formatPhone(input: string): string {
  const digits = input.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (national.length !== 10) return input;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

const PHONE_DIGITS = "8285550142";
const GEO: GeoPoint = { latitude: 35.5951, longitude: -82.5515 };

function openStreetMapUrls(center: GeoPoint): CompanyInfo["map"] {
  // Roughly a 50 km box around the centre, so the embed shows the whole service area.
  const latSpan = 0.45;
  const lonSpan = 0.55;
  const bbox = [
    (center.longitude - lonSpan).toFixed(4),
    (center.latitude - latSpan).toFixed(4),
    (center.longitude + lonSpan).toFixed(4),
    (center.latitude + latSpan).toFixed(4),
  ].join("%2C");
  const marker = `${center.latitude}%2C${center.longitude}`;
  return {
    embedUrl: `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${marker}`,
    largerMapUrl: `https://www.openstreetmap.org/?mlat=${center.latitude}&mlon=${center.longitude}#map=10/${center.latitude}/${center.longitude}`,
  };
}

export const company: CompanyInfo = {
  name: "CrawlGuard Waterproofing",
  shortName: "CrawlGuard",
  tagline: "Dry crawl spaces and basements for Western North Carolina homes",
  description:
    "CrawlGuard Waterproofing is a locally owned crawl space and basement waterproofing contractor in Asheville, NC. Since 2008 we have encapsulated crawl spaces, waterproofed basements, installed sump pumps and French drains, and remediated mold for homeowners across Buncombe, Henderson, Haywood and Madison counties.",
  phone: {
    display: formatPhone(PHONE_DIGITS),
    digits: PHONE_DIGITS,
    e164: `+1${PHONE_DIGITS}`,
    href: `tel:+1${PHONE_DIGITS}`,
  },
  email: "info@crawlguardnc.com",
  emailHref: "mailto:info@crawlguardnc.com",
  address: {
    street: "85 Patton Avenue, Suite 300",
    city: "Asheville",
    state: "NC",
    stateName: "North Carolina",
    zip: "28801",
    country: "US",
    full: "85 Patton Avenue, Suite 300, Asheville, NC 28801",
  },
  geo: GEO,
  serviceArea: {
    description: "Asheville and Western North Carolina",
    radiusMeters: 50000,
  },
  hours: {
    weekdays: "Monday - Friday: 9:00 AM - 5:00 PM",
    weekends: "Saturday - Sunday: Closed",
  },
  openingHours: [{ days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:00" }],
  socialMedia: { facebook: "https://www.facebook.com/crawlguardnc" },
  reviewsUrl: "https://www.facebook.com/crawlguardnc/reviews",
  map: openStreetMapUrls(GEO),
  foundedYear: 2008,
  aggregateRating: { ratingValue: 5.0, reviewCount: 50, bestRating: 5 },
  stats: [
    { value: "500+", label: "Homes Protected" },
    { value: "100%", label: "Customer Satisfaction" },
    { value: "24hr", label: "Response Time" },
  ],
  claims: [
    {
      title: "Licensed & Insured",
      description: "Fully licensed and insured in North Carolina, so your home and our crew are covered on every job.",
    },
    {
      title: "Free Consultations",
      description: "Every inspection and written estimate is free, with no pressure and no obligation.",
    },
    {
      title: "Local Experts",
      description: "We live and work in the mountains and know how red clay soil and heavy rainfall affect local homes.",
    },
  ],
  priceRange: "$$",
  copyrightYear: 2025,
};
