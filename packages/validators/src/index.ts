export * from "./auth.js";
export * from "./contact.js";
export * from "./lead.js";
export * from "./submission.js";
export * from "./text.js";
export * from "./availability.js";
export * from "./appointment.js";
