// Order matters: the footer shows the first six.
export const serviceAreas = [
  "Asheville",
  "Arden",
  "Biltmore Forest",
  "Black Mountain",
  "Candler",
  "Canton",
  "Enka",
  "Fairview",
  "Fletcher",
  "Flat Rock",
  "Hendersonville",
  "Hot Springs",
  "Lake Lure",
  "Leicester",
  "Maggie Valley",
  "Mars Hill",
  "Marshall",
  "Mills River",
  "Montreat",
  "Skyland",
  "Swannanoa",
  "Waynesville",
  "Weaverville",
  "Woodfin",
] as const;

export type ServiceArea = (typeof serviceAreas)[number];

export const serviceCounties = ["Buncombe", "Henderson", "Haywood", "Madison"] as const;

export type ServiceCounty = (typeof serviceCounties)[number];

export const serviceRegion = "Asheville and Western North Carolina";

/** "Asheville" -> "Asheville, NC" */
export function withState(town: string): string {
  return `${town}, NC`;
}
