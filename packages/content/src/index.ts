export {
  company,
  formatPhone,
  type CompanyAddress,
  type CompanyInfo,
  type Claim,
  type DayOfWeek,
  type GeoPoint,
  type OpeningHours,
  type PhoneNumber,
  type Stat,
} from "./company";
export { brandImages, type ImageAsset } from "./images";
export { getService, isServiceId, serviceIds, services, type Service, type ServiceIcon, type ServiceId } from "./services";
export { getServiceDetail, serviceDetails, type ProcessStep, type ServiceDetail } from "./service-details";
export { serviceAreas, serviceCounties, serviceRegion, withState, type ServiceArea, type ServiceCounty } from "./areas";
export { testimonials, type Testimonial } from "./testimonials";
export {
  adminGalleryCategories,
  adminGalleryCategoryLabel,
  adminGalleryCategoryLabels,
  defaultAdminGalleryCategory,
  filterGalleryItems,
  galleryCategories,
  galleryFilters,
  galleryItems,
  type AdminGalleryCategory,
  type GalleryCategory,
  type GalleryFilter,
  type GalleryFilterValue,
  type GalleryItem,
} from "./gallery";
export {
  bookingServiceFor,
  bookingServiceOptions,
  contactServiceOptions,
  customModalServiceOptions,
  defaultLeadService,
  getServiceLabel,
  leadServiceFor,
  leadServiceOptions,
  modalServiceFor,
  serviceEmoji,
  type BookingServiceValue,
  type CustomModalServiceValue,
  type LeadServiceValue,
  type Option,
} from "./service-options";
export {
  aboutServiceTypes,
  companyValues,
  contactBenefits,
  galleryBenefits,
  heroFeatures,
  mission,
  processOverview,
  whyChooseUs,
  type Highlight,
} from "./marketing";
export {
  absoluteUrl,
  bookingPageSeo,
  buildBreadcrumbJsonLd,
  buildLocalBusinessJsonLd,
  buildServiceJsonLd,
  defaultSeo,
  notFoundSeo,
  pageSeo,
  serviceDetailSeo,
  serviceNotFoundSeo,
  siteName,
  type BreadcrumbItem,
  type BreadcrumbJsonLd,
  type LocalBusinessJsonLd,
  type PageSeo,
  type PublicPagePath,
  type ServiceJsonLd,
} from "./seo";
