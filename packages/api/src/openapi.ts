import { generateOpenApiDocument } from "trpc-to-openapi";
import { appRouter } from "./root.js";

/** The OpenAPI 3.1 document of every REST-exposed procedure, generated from the router. */
export function buildOpenApiDocument(baseUrl: string) {
  return generateOpenApiDocument(appRouter, {
    title: "CrawlGuard API",
    version: "1.0.0",
    openApiVersion: "3.1.0",
    description:
      "Leads, contact submissions, appointments, availability, calendar sync, gallery and accounts of CrawlGuard. " +
      "Authenticate with POST /api/login; the session cookie `crawlguard_session` is then sent with every call. " +
      "Requests that change data and carry the cookie must send an Origin header of the same host. " +
      'Every error answers JSON with a non-empty "message".',
    baseUrl,
    docsUrl: "/api/docs",
    tags: ["auth", "health", "contact", "submissions", "leads", "users"],
    securitySchemes: { session: { type: "apiKey", in: "cookie", name: "crawlguard_session" } },
  });
}
