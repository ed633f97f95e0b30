/**
 * Every date and time rule of scheduling, as pure functions of their arguments and the business
 * time zone (ADR 009): wall time ↔ instants, "today" and "past", working hours, recurrence
 * expansion, overlaps, slots and conflicts. No I/O, no clock (callers pass `now`), and nothing
 * that depends on the process's time zone.
 */
export * from "./conflicts.js";
export * from "./intervals.js";
export * from "./recurrence.js";
export * from "./slots.js";
export * from "./working-hours.js";
export * from "./zone.js";
