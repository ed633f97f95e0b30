/*
 * Appointments: a lead with a scheduled_date, a duration and an assignee. Booking checks the
 * assignee's working hours, time blocks (recurrences expanded) and other appointments; it books
 * only when there is no conflict or the caller confirms ("Book anyway"). ADR 009 records the rules.
 *
 * - clashes.ts: what a time clashes with (an assignee's week, blocks and appointments near it);
 * - booking.ts: the booking rule (bookAppointment, scheduleFromCalendar, the 409's message);
 * - booking-writes.ts: writing an allowed booking (a new lead, or an existing one rescheduled);
 * - calendar-range.ts: the calendar's range, the free slots and the scheduling settings.
 */

export * from "./booking.js";
export { zipFromAddress } from "./booking-writes.js";
export * from "./calendar-range.js";
export { BUSY_BLOCK_TITLE, type Viewer } from "./clashes.js";
