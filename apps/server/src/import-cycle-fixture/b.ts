import type { a } from "./a.js";
export const b = 1;
export type A = typeof a;
