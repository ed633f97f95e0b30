import { resetCore, snapshotState, type EmulatorCore } from "./core.js";
import { HttpError } from "./errors.js";
import { type FaultSettings } from "./faults.js";
import { readJson, sendJson, sendNoContent, type RequestContext } from "./http.js";

function notFound(ctx: RequestContext): HttpError {
  return new HttpError(404, {
    error: "not_found",
    error_description: `No emulator control endpoint ${ctx.req.method} ${ctx.url.pathname}`,
  });
}

/**
 * The emulator's own control endpoints, for tests and demos (not part of Google's API):
 * `GET /__emulator/state`, `GET|POST /__emulator/faults`, `POST /__emulator/expire-tokens`,
 * `POST /__emulator/reset`.
 */
export async function handleAdmin(core: EmulatorCore, ctx: RequestContext): Promise<void> {
  const route = `${ctx.req.method} ${ctx.url.pathname}`;
  switch (route) {
    case "GET /__emulator/state":
      return sendJson(ctx.res, 200, snapshotState(core));
    case "GET /__emulator/faults":
      return sendJson(ctx.res, 200, core.faults.get());
    case "POST /__emulator/faults": {
      const body = await readJson(ctx.req).catch(() => {
        throw new HttpError(400, { error: "invalid_fault", error_description: "expected a JSON object of fault switches" });
      });
      return sendJson(ctx.res, 200, core.faults.set(body as FaultSettings));
    }
    case "POST /__emulator/expire-tokens":
      return sendJson(ctx.res, 200, { expired: core.oauth.expireAccessTokens() });
    case "POST /__emulator/reset":
      resetCore(core);
      return sendNoContent(ctx.res);
    default:
      throw notFound(ctx);
  }
}
