import type { IncomingMessage, ServerResponse } from "node:http";
import { DomainError, ERROR_EDGE, GENERIC_ERROR_MESSAGE, LEAD_PHOTO_PATH, openLeadPhoto, type Context } from "@crawlguard/api";
import type { ObjectStorage } from "@crawlguard/storage";
import { Router, type Request, type Response } from "express";

/** How long a browser may keep a job photo it was shown (a photo's bytes never change). */
const PRIVATE_MAX_AGE_SECONDS = 3600;

/**
 * `GET /lead-photos/{id}/{n}.webp` (docs/product.md "The crew's day"): a rendition of a lead's job
 * photo, for a signed-in user (session or API key) who may see the lead; 401 without one, 404 alike
 * for an unknown photo and a lead out of reach. Never /media (public, immutable): cached privately,
 * by the browser only, and never stored by a shared cache.
 */
export function leadPhotosRoute({
  storage,
  createContext,
}: {
  storage: ObjectStorage;
  createContext: (opts: { req: IncomingMessage; res: ServerResponse }) => Promise<Context>;
}): Router {
  const router = Router();
  router.get(LEAD_PHOTO_PATH, async (req: Request, res: Response) => {
    const [, photoId, index] = LEAD_PHOTO_PATH.exec(req.path) ?? [];
    try {
      const ctx = await createContext({ req, res });
      if (ctx.credentialError) throw ctx.credentialError;
      if (!ctx.user) throw new DomainError("unauthorized", "You must be logged in");
      const opened = await openLeadPhoto({ sql: ctx.sql, storage, viewer: ctx.user, photoId: photoId!, index: Number(index) });
      res.setHeader("Content-Type", "image/webp");
      res.setHeader("Content-Length", String(opened.size));
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Cache-Control", `private, max-age=${PRIVATE_MAX_AGE_SECONDS}`);
      res.setHeader("Vary", "Cookie, Authorization");
      opened.body.on("error", (err) => {
        req.log.error({ err, photoId }, "job photo stream failed");
        res.destroy();
      });
      opened.body.pipe(res);
    } catch (err) {
      res.setHeader("Cache-Control", "no-store");
      if (!(err instanceof DomainError)) {
        req.log.error({ err }, "job photo failed");
        res.status(500).json({ message: GENERIC_ERROR_MESSAGE, code: "INTERNAL_SERVER_ERROR" });
        return;
      }
      const { status, code } = ERROR_EDGE[err.kind];
      res.status(status).json({ message: err.message, code });
    }
  });
  return router;
}
