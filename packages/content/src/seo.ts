import { serviceAreas } from "./areas";
import { company, type DayOfWeek } from "./company";
import { brandImages } from "./images";
import type { ServiceDetail } from "./service-details";
import { services } from "./services";

export interface PageSeo {
  path: string;
  title: string;
  description: string;
  keywords: readonly string[];
}

export const siteName = "CrawlGuard";

export const defaultSeo = {
  title: "CrawlGuard | Expert Crawl Space & Basement Waterproofing in Asheville, NC",
  description:
    "Expert crawl space encapsulation, basement waterproofing, sump pumps, French drains and mold remediation in Asheville and Western NC. Free estimates.",
  keywords: [
    "crawl space waterproofing Asheville",
    "crawl space encapsulation",
    "basement waterproofing Asheville NC",
    "vapor barrier",
    "sump pump installation",
    "French drain",
    "mold remediation",
    "crawl space dehumidifier",
    "Western North Carolina waterproofing",
  ],
  locale: "en_US",
  image: brandImages.hero,
} as const;

export type PublicPagePath = "/" | "/services" | "/about" | "/contact" | "/gallery";

export const pageSeo: Readonly<Record<PublicPagePath, PageSeo>> = {
  "/": {
    path: "/",
    title: defaultSeo.title,
    description: defaultSeo.description,
    keywords: defaultSeo.keywords,
  },
  "/services": {
    path: "/services",
    title: "Waterproofing Services in Asheville, NC | CrawlGuard",
    description:
      "Crawl space encapsulation, basement waterproofing, mold remediation, sump pumps, French drains, insulation and dehumidification for Western NC homes.",
    keywords: [
      "waterproofing services Asheville",
      "crawl space repair",
      "basement waterproofing",
      "sump pump installation",
      "French drain installation",
      "crawl space insulation",
    ],
  },
  "/about": {
    path: "/about",
    title: "About CrawlGuard | Asheville Waterproofing Experts Since 2008",
    description:
      "Locally owned since 2008, CrawlGuard has protected 500+ Western North Carolina homes with crawl space and basement waterproofing. Licensed and insured.",
    keywords: ["Asheville waterproofing company", "local crawl space contractor", "licensed waterproofing contractor NC", "CrawlGuard"],
  },
  "/contact": {
    path: "/contact",
    title: "Contact CrawlGuard | Free Crawl Space Inspection in Asheville, NC",
    description: `Request a free crawl space or basement inspection in Asheville and Western NC. Call ${company.phone.display} or send a message — we respond within 24 hours.`,
    keywords: ["free crawl space inspection", "waterproofing estimate Asheville", "contact CrawlGuard", "basement waterproofing quote"],
  },
  "/gallery": {
    path: "/gallery",
    title: "Project Gallery | Crawl Space & Basement Waterproofing | CrawlGuard",
    description:
      "See CrawlGuard projects across Western NC: crawl space encapsulations, dry basements, foundation repairs and drainage systems.",
    keywords: [
      "crawl space encapsulation photos",
      "basement waterproofing before and after",
      "French drain project",
      "waterproofing gallery Asheville",
    ],
  },
};

/** /book, the online booking page (served by the server itself, not the web app's routes). */
export const bookingPageSeo: PageSeo = {
  path: "/book",
  title: "Book a Free Crawl Space Inspection Online | CrawlGuard",
  description: `Pick an arrival window for your free crawl space or basement inspection in Asheville and Western NC, and book it in a minute. Prefer to talk? Call ${company.phone.display}.`,
  keywords: ["book crawl space inspection", "free inspection Asheville", "schedule waterproofing estimate", "online booking CrawlGuard"],
};

export function serviceDetailSeo(detail: ServiceDetail): PageSeo {
  return {
    path: `/services/${detail.id}`,
    title: `${detail.headline} | CrawlGuard`,
    description: detail.metaDescription,
    keywords: detail.keywords,
  };
}

export const serviceNotFoundSeo = { title: "Service Not Found" } as const;

export const notFoundSeo = { title: "404 Page Not Found" } as const;

/** Joins the public site URL and a path: ("https://x.com/", "/about") -> "https://x.com/about". */
export function absoluteUrl(publicUrl: string, path: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  return `${base}${path.startsWith("/") ? path : `/${path}`}`;
}

// ---- Structured data (schema.org JSON-LD) ----

const SCHEMA_CONTEXT = "https://schema.org";

export interface PostalAddressJsonLd {
  "@type": "PostalAddress";
  streetAddress: string;
  addressLocality: string;
  addressRegion: string;
  postalCode: string;
  addressCountry: string;
}

export interface GeoCoordinatesJsonLd {
  "@type": "GeoCoordinates";
  latitude: number;
  longitude: number;
}

export interface GeoCircleJsonLd {
  "@type": "GeoCircle";
  geoMidpoint: GeoCoordinatesJsonLd;
  geoRadius: number;
}

export interface CityJsonLd {
  "@type": "City";
  name: string;
  containedInPlace: { "@type": "State"; name: string };
}

export interface LocalBusinessJsonLd {
  "@context": typeof SCHEMA_CONTEXT;
  "@type": "HomeAndConstructionBusiness";
  "@id": string;
  name: string;
  description: string;
  url: string;
  telephone: string;
  email: string;
  image: string;
  logo: string;
  address: PostalAddressJsonLd;
  geo: GeoCoordinatesJsonLd;
  areaServed: readonly (GeoCircleJsonLd | CityJsonLd)[];
  openingHoursSpecification: readonly {
    "@type": "OpeningHoursSpecification";
    dayOfWeek: readonly DayOfWeek[];
    opens: string;
    closes: string;
  }[];
  aggregateRating: {
    "@type": "AggregateRating";
    ratingValue: string;
    reviewCount: number;
    bestRating: number;
    worstRating: number;
  };
  sameAs: readonly string[];
  priceRange: string;
  foundingDate: string;
  hasOfferCatalog: {
    "@type": "OfferCatalog";
    name: string;
    itemListElement: readonly {
      "@type": "Offer";
      itemOffered: { "@type": "Service"; name: string; url: string };
    }[];
  };
}

export interface ServiceJsonLd {
  "@context": typeof SCHEMA_CONTEXT;
  "@type": "Service";
  "@id": string;
  name: string;
  serviceType: string;
  description: string;
  url: string;
  provider: {
    "@type": "HomeAndConstructionBusiness";
    "@id": string;
    name: string;
    url: string;
    telephone: string;
    address: PostalAddressJsonLd;
  };
  areaServed: readonly (GeoCircleJsonLd | CityJsonLd)[];
}

export interface BreadcrumbItem {
  name: string;
  path: string;
}

export interface BreadcrumbJsonLd {
  "@context": typeof SCHEMA_CONTEXT;
  "@type": "BreadcrumbList";
  itemListElement: readonly { "@type": "ListItem"; position: number; name: string; item: string }[];
}

function businessId(publicUrl: string): string {
  return absoluteUrl(publicUrl, "/#business");
}

function postalAddress(): PostalAddressJsonLd {
  return {
    "@type": "PostalAddress",
    streetAddress: company.address.street,
    addressLocality: company.address.city,
    addressRegion: company.address.state,
    postalCode: company.address.zip,
    addressCountry: company.address.country,
  };
}

function geoCoordinates(): GeoCoordinatesJsonLd {
  return { "@type": "GeoCoordinates", latitude: company.geo.latitude, longitude: company.geo.longitude };
}

function areaServed(): (GeoCircleJsonLd | CityJsonLd)[] {
  const circle: GeoCircleJsonLd = {
    "@type": "GeoCircle",
    geoMidpoint: geoCoordinates(),
    geoRadius: company.serviceArea.radiusMeters,
  };
  const cities = serviceAreas.map((name): CityJsonLd => ({
    "@type": "City",
    name,
    containedInPlace: { "@type": "State", name: company.address.stateName },
  }));
  return [circle, ...cities];
}

function telephone(): string {
  const d = company.phone.digits;
  return `+1-${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}

export function buildLocalBusinessJsonLd(publicUrl: string): LocalBusinessJsonLd {
  const url = absoluteUrl(publicUrl, "/");
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "HomeAndConstructionBusiness",
    "@id": businessId(publicUrl),
    name: company.name,
    description: company.description,
    url,
    telephone: telephone(),
    email: company.email,
    image: absoluteUrl(publicUrl, brandImages.hero.src),
    logo: absoluteUrl(publicUrl, brandImages.logo.src),
    address: postalAddress(),
    geo: geoCoordinates(),
    areaServed: areaServed(),
    openingHoursSpecification: company.openingHours.map((hours) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: hours.days,
      opens: hours.opens,
      closes: hours.closes,
    })),
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: company.aggregateRating.ratingValue.toFixed(1),
      reviewCount: company.aggregateRating.reviewCount,
      bestRating: company.aggregateRating.bestRating,
      worstRating: 1,
    },
    sameAs: [company.socialMedia.facebook],
    priceRange: company.priceRange,
    foundingDate: String(company.foundedYear),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Waterproofing Services",
      itemListElement: services.map((service) => ({
        "@type": "Offer",
        itemOffered: {
          "@type": "Service",
          name: service.name,
          url: absoluteUrl(publicUrl, `/services/${service.id}`),
        },
      })),
    },
  };
}

export function buildServiceJsonLd(detail: ServiceDetail, publicUrl: string): ServiceJsonLd {
  const url = absoluteUrl(publicUrl, `/services/${detail.id}`);
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "Service",
    "@id": `${url}#service`,
    name: detail.name,
    serviceType: detail.serviceType,
    description: detail.metaDescription,
    url,
    provider: {
      "@type": "HomeAndConstructionBusiness",
      "@id": businessId(publicUrl),
      name: company.name,
      url: absoluteUrl(publicUrl, "/"),
      telephone: telephone(),
      address: postalAddress(),
    },
    areaServed: areaServed(),
  };
}

export function buildBreadcrumbJsonLd(items: readonly BreadcrumbItem[], publicUrl: string): BreadcrumbJsonLd {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(publicUrl, item.path),
    })),
  };
}
