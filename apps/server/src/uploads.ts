import { DomainError, ERROR_EDGE, GENERIC_ERROR_MESSAGE, receiveUpload } from "@crawlguard/api";
import type { Sql } from "@crawlguard/db";
import type { ObjectStorage } from "@crawlguard/storage";
import { Router, type Request, type Response } from "express";

/** A media key: gallery files only (raw uploads under incoming/ are never served). */
const MEDIA_KEY = /^gallery\/[0-9a-f-]{36}\/\d+\.webp$/;

/**
 * The routes outside the procedures that move file bytes (ADR 013):
 * - `PUT /uploads/{token}`: this server's upload link (the filesystem's, and S3's for an upload
 *   started without a size; with a size, S3's link is a presigned PUT to the bucket);
 * - `GET /media/...`: gallery files from the storage (filesystem, or S3 without S3_PUBLIC_URL), with
 *   the type they were written with, `nosniff`, and immutable caching (a key never changes).
 */
export function uploadRoutes({ sql, storage }: { sql: Sql; storage: ObjectStorage }): Router {
  const router = Router();

  router.put("/uploads/:token", async (req: Request<{ token: string }>, res: Response) => {
    const length = req.headers["content-length"] === undefined ? undefined : Number(req.headers["content-length"]);
    try {
      const received = await receiveUpload(sql, storage, req.params.token, req, Number.isFinite(length) ? length : undefined);
      res.status(200).json(received);
    } catch (err) {
      if (!(err instanceof DomainError)) {
        req.log.error({ err }, "upload failed");
        if (!res.headersSent) res.status(500).json({ message: GENERIC_ERROR_MESSAGE, code: "INTERNAL_SERVER_ERROR" });
        return;
      }
      const { status, code } = ERROR_EDGE[err.kind];
      // A refused body is not read to its end: the connection closes after the answer.
      if (!req.complete) res.setHeader("Connection", "close");
      res.status(status).json({ message: err.message, code });
    }
  });

  const serveMedia = async (req: Request, res: Response) => {
    const key = req.path.replace(/^\/media\//, "");
    const opened = MEDIA_KEY.test(key) ? await storage.open(key) : null;
    if (!opened) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    res.setHeader("Content-Type", "image/webp");
    res.setHeader("Content-Length", String(opened.size));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    if (req.method === "HEAD") {
      opened.body.destroy();
      res.end();
      return;
    }
    opened.body.on("error", (err) => {
      req.log.error({ err, key }, "media stream failed");
      res.destroy();
    });
    opened.body.pipe(res);
  };
  router.get(/^\/media\//, serveMedia);
  return router;
}
