// Option lists for the forms and dialogs (docs/product.md §9). Values are what gets stored;
// labels are what people see.
import { services } from "./services";

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

/** Lead form (create / edit lead). The first option is the default. */
export const leadServiceOptions = [
  { value: "crawl-space", label: "Crawl Space Encapsulation" },
  { value: "basement", label: "Basement Waterproofing" },
  { value: "foundation", label: "Foundation Repair" },
  { value: "mold-remediation", label: "Mold Remediation" },
  { value: "sump-pump", label: "Sump Pump Installation" },
  { value: "french-drain", label: "French Drain Systems" },
  { value: "consultation", label: "Consultation" },
] as const satisfies readonly Option[];

export type LeadServiceValue = (typeof leadServiceOptions)[number]["value"];

export const defaultLeadService: LeadServiceValue = "crawl-space";

/** Book New Appointment dialog. */
export const bookingServiceOptions = [
  { value: "crawl-space-encapsulation", label: "Crawl Space Encapsulation" },
  { value: "vapor-barriers", label: "Vapor Barriers" },
  { value: "basement-waterproofing", label: "Basement Waterproofing" },
  { value: "mold-remediation", label: "Mold Remediation" },
  { value: "insulation-dehumidification", label: "Insulation & Dehumidification" },
  { value: "consultation", label: "Consultation" },
] as const satisfies readonly Option[];

export type BookingServiceValue = (typeof bookingServiceOptions)[number]["value"];

/** Schedule Appointment (custom) modal. */
export const customModalServiceOptions = [
  { value: "crawl-space-encapsulation", label: "Crawl Space Encapsulation" },
  { value: "basement-waterproofing", label: "Basement Waterproofing" },
  { value: "mold-remediation", label: "Mold Remediation" },
  { value: "vapor-barrier-installation", label: "Vapor Barrier Installation" },
  { value: "sump-pump-installation", label: "Sump Pump Installation" },
  { value: "french-drain-installation", label: "French Drain Installation" },
  { value: "foundation-repair", label: "Foundation Repair" },
  { value: "dehumidification", label: "Dehumidification" },
  { value: "consultation", label: "Consultation" },
] as const satisfies readonly Option[];

export type CustomModalServiceValue = (typeof customModalServiceOptions)[number]["value"];

/** Public contact form: a service id or "other". */
export const contactServiceOptions: readonly Option[] = [
  ...services.map((service) => ({ value: service.id, label: service.name })),
  { value: "other", label: "Other" },
];

const labelsByValue = new Map<string, string>(
  [...contactServiceOptions, ...leadServiceOptions, ...bookingServiceOptions, ...customModalServiceOptions].map(
    (option) => [option.value, option.label],
  ),
);

/** Human label for any stored service value; unknown values come back as they are. */
export function getServiceLabel(value: string): string {
  return labelsByValue.get(value) ?? value;
}
