import { company } from "./company";

export interface Testimonial {
  name: string;
  /** A service-area town with ", NC" */
  location: string;
  rating: number;
  text: string;
  sourceLabel?: string;
  sourceUrl?: string;
}

export const testimonials: readonly Testimonial[] = [
  {
    name: "Sarah M.",
    location: "Asheville, NC",
    rating: 5,
    text: "Our house always had a musty smell in the summer and we couldn't figure out why. CrawlGuard showed us photos of the wet insulation and mold under the floor, explained everything, and encapsulated the crawl space in two days. The smell is gone and the dehumidifier keeps it right around 50%. Professional, on time and spotless.",
    sourceLabel: "Facebook",
    sourceUrl: company.reviewsUrl,
  },
  {
    name: "David R.",
    location: "Hendersonville, NC",
    rating: 5,
    text: "Every heavy rain put an inch of water in our basement. The crew put in an interior drain and a sump pump with a battery backup, and we've been through several big storms since — including one that knocked out our power — without a drop. Fair price and no pressure.",
    sourceLabel: "Facebook",
    sourceUrl: company.reviewsUrl,
  },
  {
    name: "Jennifer L.",
    location: "Weaverville, NC",
    rating: 5,
    text: "Water from the hill behind our house ran straight at the foundation and our backyard was a swamp. They installed a French drain and routed the downspouts separately, then put the lawn back better than they found it. The yard is dry and so is the crawl space. Highly recommend!",
    sourceLabel: "Facebook",
    sourceUrl: company.reviewsUrl,
  },
];
