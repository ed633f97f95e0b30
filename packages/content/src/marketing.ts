// Short copy blocks the public pages share (docs/product.md "Screens and routes"). Page layout stays in the web app.

export interface Highlight {
  title: string;
  description: string;
}

/** The three ticks under the home hero. */
export const heroFeatures: readonly string[] = [
  "Free inspections and written estimates",
  "Licensed & insured since 2008",
  "Local experts in mountain homes",
];

/** "Why choose" block on /services. */
export const whyChooseUs: readonly Highlight[] = [
  {
    title: "Local Experience",
    description: "Since 2008 we have worked under homes across Western North Carolina, from hillside lots to river valleys.",
  },
  {
    title: "Licensed & Insured",
    description: "Fully licensed and insured, with trained crews who treat your home like their own.",
  },
  {
    title: "Quality Materials",
    description: "20-mil reinforced liners, Energy Star dehumidifiers and pumps with battery backups — built to last.",
  },
  {
    title: "Honest Recommendations",
    description: "Free inspections, photos of what we find and a clear written estimate. We only recommend what you need.",
  },
];

/** Three-step process on /services. */
export const processOverview: readonly Highlight[] = [
  {
    title: "Free Inspection",
    description: "We inspect your crawl space or basement, measure moisture and humidity, and photograph what we find.",
  },
  {
    title: "Custom Solution",
    description: "You get a plan and written estimate designed for your home, your lot and your budget.",
  },
  {
    title: "Professional Installation",
    description: "Our own crews install the system, clean up completely and walk you through the finished work.",
  },
];

export const mission =
  "Our mission is to protect Western North Carolina homes from the ground up. We fix moisture problems at their source with honest advice, quality materials and workmanship we stand behind, so families can breathe easier in healthier, drier homes.";

/** Four values on /about. */
export const companyValues: readonly Highlight[] = [
  { title: "Integrity", description: "Straight answers, fair prices and no pressure — we recommend only what your home needs." },
  { title: "Quality", description: "Proven materials and careful installation, done right the first time." },
  { title: "Community", description: "We live here too, and we are proud to serve our neighbors across the mountains." },
  { title: "Responsiveness", description: "Calls returned within 24 hours and crews that show up when they say they will." },
];

/** The seven service types listed on /about. */
export const aboutServiceTypes: readonly string[] = [
  "Crawl Space Encapsulation",
  "Vapor Barrier Installation",
  "Basement Waterproofing",
  "Mold Remediation",
  "Sump Pump Installation",
  "French Drain Systems",
  "Insulation & Dehumidification",
];

/** Four benefits on /contact. */
export const contactBenefits: readonly Highlight[] = [
  { title: "Free Inspections", description: "A thorough crawl space or basement inspection at no cost." },
  { title: "24hr Response", description: "We return every call and message within one business day." },
  { title: "Written Estimates", description: "Clear pricing in writing before any work begins." },
  { title: "Local Team", description: "Asheville-based crews who know mountain homes and clay soil." },
];

/** Before/after benefits block on /gallery. */
export const galleryBenefits: readonly Highlight[] = [
  { title: "Healthier Air", description: "No more musty odors rising from below the floor." },
  { title: "Lower Energy Bills", description: "Sealed, dry spaces are cheaper to heat and cool." },
  { title: "Protected Structure", description: "Dry framing and foundations stay strong for decades." },
  { title: "Higher Home Value", description: "A dry crawl space or basement is a selling point, not a problem." },
];
