import { calendarFeedIcs, CALENDAR_FEED_PATH, DomainError, ERROR_EDGE, GENERIC_ERROR_MESSAGE } from "@crawlguard/api";
import type { Sql } from "@crawlguard/db";
import { Router, type Request, type Response } from "express";

/**
 * `GET /api/calendar/ics?token=...` (ADR 029): a user's appointments and time blocks as
 * iCalendar, for calendar apps that subscribe to a URL. The token is the credential (no cookie), is
 * never logged (redact-url.ts), and is checked in the database on every request (revoked: 404 at once).
 */
export function calendarFeedRoute({ sql, businessTimeZone }: { sql: Sql; businessTimeZone: string }): Router {
  const router = Router();
  router.get(CALENDAR_FEED_PATH, async (req: Request, res: Response) => {
    const token = typeof req.query.token === "string" ? req.query.token : "";
    try {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token))
        throw new DomainError("not-found", "A calendar feed URL has a token: copy the whole URL.");
      const ics = await calendarFeedIcs(sql, token, businessTimeZone);
      res.status(200).type("text/calendar; charset=utf-8").setHeader("Content-Disposition", 'inline; filename="crawlguard.ics"').send(ics);
    } catch (err) {
      if (!(err instanceof DomainError)) {
        req.log.error({ err }, "calendar feed failed");
        res.status(500).json({ message: GENERIC_ERROR_MESSAGE, code: "INTERNAL_SERVER_ERROR" });
        return;
      }
      const { status, code } = ERROR_EDGE[err.kind];
      res.status(status).json({ message: err.message, code });
    }
  });
  return router;
}
