// Option lists for the forms and dialogs (docs/product.md "Business constants and limits"). Values are what gets stored;
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

/**
 * The kinds of work behind the four lists, one row each: the kind's value in every list that
 * offers it, its emoji on calendar cards (docs/product.md "Screens and routes") and the pattern that recognises it
 * in a free-text service. The lists name the same work differently (docs/product.md "Business constants and limits"), and this
 * is the one place that says which values are the same work.
 */
interface ServiceKind {
  pattern: RegExp;
  emoji: string;
  contact?: string;
  lead?: LeadServiceValue;
  booking?: BookingServiceValue;
  modal?: CustomModalServiceValue;
}

const serviceKinds: readonly ServiceKind[] = [
  {
    pattern: /crawl/,
    emoji: "🏠",
    contact: "crawl-space-encapsulation",
    lead: "crawl-space",
    booking: "crawl-space-encapsulation",
    modal: "crawl-space-encapsulation",
  },
  {
    pattern: /basement/,
    emoji: "🏚️",
    contact: "basement-waterproofing",
    lead: "basement",
    booking: "basement-waterproofing",
    modal: "basement-waterproofing",
  },
  {
    pattern: /mold/,
    emoji: "🧫",
    contact: "mold-remediation",
    lead: "mold-remediation",
    booking: "mold-remediation",
    modal: "mold-remediation",
  },
  { pattern: /sump/, emoji: "⚙️", contact: "sump-pump", lead: "sump-pump", modal: "sump-pump-installation" },
  { pattern: /drain/, emoji: "🌊", contact: "french-drain", lead: "french-drain", modal: "french-drain-installation" },
  { pattern: /vapor/, emoji: "🛡️", booking: "vapor-barriers", modal: "vapor-barrier-installation" },
  // The lead form has no word for it: insulation and dehumidification is crawl space work there.
  {
    pattern: /dehumid|insulation/,
    emoji: "💨",
    contact: "insulation-dehumidification",
    lead: "crawl-space",
    booking: "insulation-dehumidification",
    modal: "dehumidification",
  },
  { pattern: /foundation/, emoji: "🧱", lead: "foundation", modal: "foundation-repair" },
  { pattern: /consult/, emoji: "📋", lead: "consultation", booking: "consultation", modal: "consultation" },
];

/** The kind of work a stored value of any list names (the first row that has it). */
function kindOf(value: string): ServiceKind | undefined {
  return serviceKinds.find((kind) => kind.contact === value || kind.lead === value || kind.booking === value || kind.modal === value);
}

const leadServiceValues = new Set<string>(leadServiceOptions.map((option) => option.value));
const bookingServiceValues = new Set<string>(bookingServiceOptions.map((option) => option.value));
const modalServiceValues = new Set<string>(customModalServiceOptions.map((option) => option.value));

/**
 * The lead form's service for a value of another list (a contact form's service when a submission
 * becomes a lead). Anything it has no word for becomes a consultation, the lead form's catch-all.
 */
export function leadServiceFor(service: string | null): LeadServiceValue {
  const value = service?.trim().toLowerCase() ?? "";
  if (leadServiceValues.has(value)) return value as LeadServiceValue;
  return kindOf(value)?.lead ?? "consultation";
}

/** The Book New Appointment dialog's service for a lead's; one the dialog does not list is kept as it is. */
export function bookingServiceFor(service: string): string {
  if (bookingServiceValues.has(service)) return service;
  return kindOf(service)?.booking ?? service;
}

/** The Schedule Appointment modal's service for a lead's; one the modal does not list is kept as it is. */
export function modalServiceFor(service: string): string {
  if (!service || modalServiceValues.has(service)) return service;
  return kindOf(service)?.modal ?? service;
}

/** The emoji of a service on calendar cards (docs/product.md "Screens and routes", day view); 🔧 for work of no known kind. */
export function serviceEmoji(service: string): string {
  return serviceKinds.find((kind) => kind.pattern.test(service))?.emoji ?? "🔧";
}

const labelsByValue = new Map<string, string>(
  [...contactServiceOptions, ...leadServiceOptions, ...bookingServiceOptions, ...customModalServiceOptions].map((option) => [
    option.value,
    option.label,
  ]),
);

/** Human label for any stored service value; unknown values come back as they are. */
export function getServiceLabel(value: string): string {
  return labelsByValue.get(value) ?? value;
}
