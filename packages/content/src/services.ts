import type { ImageAsset } from "./images";

export const serviceIds = [
  "crawl-space-encapsulation",
  "basement-waterproofing",
  "mold-remediation",
  "sump-pump",
  "french-drain",
  "insulation-dehumidification",
] as const;

export type ServiceId = (typeof serviceIds)[number];

/** Names of lucide icons the web app maps to components. */
export type ServiceIcon = "home" | "droplets" | "shield-check" | "zap" | "trending-down" | "sun";

export interface Service {
  id: ServiceId;
  name: string;
  description: string;
  icon: ServiceIcon;
  /** Four short selling points for the card on /services */
  checklist: readonly string[];
  image: ImageAsset;
}

function serviceImage(id: ServiceId, alt: string): ImageAsset {
  return { src: `/images/services/${id}.svg`, width: 800, height: 500, alt };
}

export const services: readonly Service[] = [
  {
    id: "crawl-space-encapsulation",
    name: "Crawl Space Encapsulation",
    description:
      "Seal out ground moisture with a 20-mil vapor barrier, sealed vents and a dehumidifier, and stop mold, rot and musty odors at the source.",
    icon: "home",
    checklist: [
      "20-mil reinforced vapor barrier",
      "Sealed vents, rim joists and access doors",
      "Energy-efficient crawl space dehumidifier",
      "Cleaner air throughout your home",
    ],
    image: serviceImage(
      "crawl-space-encapsulation",
      "Encapsulated crawl space with a white vapor barrier over the floor and piers and a dehumidifier",
    ),
  },
  {
    id: "basement-waterproofing",
    name: "Basement Waterproofing",
    description:
      "Interior drainage, wall membranes and crack repair that relieve the water pressure of our clay soils and keep your basement dry year-round.",
    icon: "droplets",
    checklist: [
      "Interior perimeter drain systems",
      "Wall and floor crack sealing",
      "Dimpled wall membranes",
      "Exterior foundation waterproofing",
    ],
    image: serviceImage(
      "basement-waterproofing",
      "Dry basement with a perimeter drain channel along the wall and a sealed membrane behind it",
    ),
  },
  {
    id: "mold-remediation",
    name: "Mold Remediation",
    description: "Contained, thorough mold removal from crawl spaces and basements, plus the moisture fixes that keep it from coming back.",
    icon: "shield-check",
    checklist: [
      "Moisture source found and fixed",
      "Containment with HEPA air filtration",
      "Cleaning and antimicrobial treatment",
      "Humidity control to prevent regrowth",
    ],
    image: serviceImage(
      "mold-remediation",
      "Crawl space floor joists being cleaned of mold inside a plastic containment area with an air scrubber",
    ),
  },
  {
    id: "sump-pump",
    name: "Sump Pump Installation",
    description:
      "Reliable sump pumps with battery backup and high-water alarms that keep working when a mountain storm knocks out the power.",
    icon: "zap",
    checklist: [
      "Submersible primary pump",
      "Battery backup with high-water alarm",
      "Sealed, airtight basin lid",
      "Discharge routed away from the foundation",
    ],
    image: serviceImage("sump-pump", "Cutaway of a sump pit with a submersible pump, check valve and battery backup unit"),
  },
  {
    id: "french-drain",
    name: "French Drain Systems",
    description:
      "Sloped trenches with perforated pipe and washed stone that catch groundwater and carry it away from your foundation and yard.",
    icon: "trending-down",
    checklist: [
      "Perforated pipe bedded in washed stone",
      "Filter fabric to keep out silt",
      "Graded for steady, positive flow",
      "Outlet to daylight or a dry well",
    ],
    image: serviceImage("french-drain", "Cross-section of a French drain trench with filter fabric, washed stone and a perforated pipe"),
  },
  {
    id: "insulation-dehumidification",
    name: "Insulation & Dehumidification",
    description:
      "Foundation wall insulation, rim joist sealing and dehumidifiers that hold crawl space humidity at 45-55% for a more comfortable home.",
    icon: "sun",
    checklist: [
      "Rigid foam foundation wall insulation",
      "Rim joist air sealing",
      "Energy Star rated dehumidifiers",
      "Humidity held at 45-55%",
    ],
    image: serviceImage(
      "insulation-dehumidification",
      "Crawl space with insulated foundation walls and a dehumidifier showing a humidity reading",
    ),
  },
];

export function isServiceId(value: string): value is ServiceId {
  return (serviceIds as readonly string[]).includes(value);
}

export function getService(id: string): Service | undefined {
  return services.find((service) => service.id === id);
}
