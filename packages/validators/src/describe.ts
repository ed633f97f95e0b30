import type { z } from "zod";

/**
 * A zod shape whose fields carry the given descriptions (`.meta({ description })`), so one table
 * of what each field means serves a resource and the bodies that create and change it, and the
 * OpenAPI document shows it on every field.
 */
export function described<T extends z.ZodRawShape>(shape: T, descriptions: { readonly [K in keyof T]?: string }): T {
  const out: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(shape)) {
    const description = descriptions[key as keyof T];
    out[key] = description ? (field as z.ZodType).meta({ description }) : (field as z.ZodType);
  }
  return out as unknown as T;
}
