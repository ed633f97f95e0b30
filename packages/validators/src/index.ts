export * from "./auth.js";
export * from "./contact.js";
export * from "./lead.js";
export * from "./submission.js";
