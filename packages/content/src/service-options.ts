// Option lists for the forms and dialogs (docs/product.md "Business constants and limits"). Values are what gets stored;
// labels are what people see.
import { services, type ServiceId } from "./services";

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
  /** The catalogue's service this work is (one of the six, or a consultation). */
  catalogue: CatalogueServiceId;
  contact?: string;
  lead?: LeadServiceValue;
  booking?: BookingServiceValue;
  modal?: CustomModalServiceValue;
}

const serviceKinds: readonly ServiceKind[] = [
  {
    pattern: /crawl/,
    emoji: "🏠",
    catalogue: "crawl-space-encapsulation",
    contact: "crawl-space-encapsulation",
    lead: "crawl-space",
    booking: "crawl-space-encapsulation",
    modal: "crawl-space-encapsulation",
  },
  {
    pattern: /basement|waterproof/,
    emoji: "🏚️",
    catalogue: "basement-waterproofing",
    contact: "basement-waterproofing",
    lead: "basement",
    booking: "basement-waterproofing",
    modal: "basement-waterproofing",
  },
  {
    pattern: /mold/,
    emoji: "🧫",
    catalogue: "mold-remediation",
    contact: "mold-remediation",
    lead: "mold-remediation",
    booking: "mold-remediation",
    modal: "mold-remediation",
  },
  { pattern: /sump/, emoji: "⚙️", catalogue: "sump-pump", contact: "sump-pump", lead: "sump-pump", modal: "sump-pump-installation" },
  {
    pattern: /drain/,
    emoji: "🌊",
    catalogue: "french-drain",
    contact: "french-drain",
    lead: "french-drain",
    modal: "french-drain-installation",
  },
  // A vapor barrier is the floor of an encapsulation.
  { pattern: /vapor/, emoji: "🛡️", catalogue: "crawl-space-encapsulation", booking: "vapor-barriers", modal: "vapor-barrier-installation" },
  // The lead form has no word for it: insulation and dehumidification is crawl space work there.
  {
    pattern: /dehumid|insulation/,
    emoji: "💨",
    catalogue: "insulation-dehumidification",
    contact: "insulation-dehumidification",
    lead: "crawl-space",
    booking: "insulation-dehumidification",
    modal: "dehumidification",
  },
  // Foundation cracks and walls are sealed and waterproofed as basement work (its checklist and detail page).
  { pattern: /foundation/, emoji: "🧱", catalogue: "basement-waterproofing", lead: "foundation", modal: "foundation-repair" },
  {
    pattern: /consult|inspection|estimate/,
    emoji: "📋",
    catalogue: "consultation",
    lead: "consultation",
    booking: "consultation",
    modal: "consultation",
  },
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

/**
 * The catalogue of services as people read them everywhere but the forms' own lists (the board,
 * calendars, mails, feeds, webhooks' labels, exports): the six services, a consultation, or other,
 * each with one label. Every value any form offers is one of them (catalogueServiceOf).
 */
export const serviceCatalogue = [
  ...services.map((service) => ({ id: service.id, label: service.name })),
  { id: "consultation", label: "Consultation" },
  { id: "other", label: "Other" },
] as const satisfies readonly { id: string; label: string }[];

export type CatalogueServiceId = ServiceId | "consultation" | "other";

const catalogueLabels = new Map<string, string>(serviceCatalogue.map((entry) => [entry.id, entry.label]));
const contactValues = new Set<string>(contactServiceOptions.map((option) => option.value));

/**
 * The catalogue's service of a stored value: a value of any form's list by the row it belongs to,
 * the contact form's (the six and other) as it is, free text (sent through the API) by the first
 * kind of work it names, anything else other. The stored value itself never changes.
 */
export function catalogueServiceOf(value: string | null | undefined): CatalogueServiceId {
  const normalised = value?.trim().toLowerCase() ?? "";
  if (contactValues.has(normalised)) return normalised as CatalogueServiceId;
  const kind = kindOf(normalised) ?? serviceKinds.find((row) => row.pattern.test(normalised));
  return kind?.catalogue ?? "other";
}

/** The one label of a stored service value (its catalogue service's): "French Drain Systems" for french-drain-installation. */
export function getServiceLabel(value: string | null | undefined): string {
  return catalogueLabels.get(catalogueServiceOf(value)) ?? "Other";
}
