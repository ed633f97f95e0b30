import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { Webhook } from "standardwebhooks";
import { refusedAddress } from "./address.js";

/** A delivery attempt gives up after this long (connecting, sending and the answer's head). */
export const SEND_TIMEOUT_MS = 10_000;
/** Of the receiver's answer only this much is read (then the connection closes). */
const MAX_ANSWER_BYTES = 16 * 1024;
const USER_AGENT = "CrawlGuard-Webhooks/1.0";

export interface WebhookMessage {
  /** The webhook-id header: the same on every attempt of one event to one endpoint. */
  id: string;
  /** The JSON body, exactly as signed. */
  payload: string;
  url: string;
  /** whsec_...; during a rotation the current secret and the previous one: a signature with each. */
  secret: string | readonly string[];
}

export interface SendOptions {
  /** WEBHOOKS_ALLOW_HTTP=true: http and loopback addresses allowed (development and tests). */
  allowLoopback: boolean;
  timeoutMs?: number;
  /** When the attempt is made (its webhook-timestamp). */
  now?: Date;
  /** Name resolution (tests give a fixed answer); dns.lookup otherwise. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

export type SendResult =
  | { ok: true; status: number }
  /** `status` is the receiver's answer when there was one (a 3xx, 4xx or 5xx); `error` says what went wrong. */
  | { ok: false; status: number | null; error: string };

/**
 * The Standard Webhooks headers of one attempt: `webhook-signature` holds one signature per secret,
 * space-separated (`v1,<new> v1,<old>` during a rotation); a receiver accepts any one it can verify.
 */
export function signedHeaders(message: Pick<WebhookMessage, "id" | "payload" | "secret">, at: Date): Record<string, string> {
  const secrets = typeof message.secret === "string" ? [message.secret] : message.secret;
  const signatures = secrets.map((secret) => new Webhook(secret).sign(message.id, at, message.payload));
  return {
    "webhook-id": message.id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}

const systemResolve = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/** Raised inside the connection's lookup: the host resolved to a refused address. */
class RefusedAddressError extends Error {}

/**
 * The addresses a host name resolves to, all of them checked: one refused address refuses the
 * host (a name that answers both a public and a private address is not trusted with either).
 */
export async function checkedAddresses(
  hostname: string,
  { allowLoopback, resolve = systemResolve }: Pick<SendOptions, "allowLoopback" | "resolve">,
): Promise<LookupAddress[]> {
  const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  const addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await resolve(bare);
  if (addresses.length === 0) throw new RefusedAddressError(`${hostname} has no address`);
  for (const { address } of addresses) {
    const verdict = refusedAddress(address, { allowLoopback });
    if (verdict) throw new RefusedAddressError(`${hostname} resolves to ${verdict} (${address}), which webhooks may not reach`);
  }
  return addresses;
}

/**
 * One attempt: resolves the host, refuses it if any address is refused, then connects to exactly
 * the addresses it checked (the socket's lookup answers them: a second DNS answer cannot send the
 * request elsewhere). Redirects are not followed (a 3xx is a failure); 10 s at most.
 */
export async function sendWebhook(message: WebhookMessage, options: SendOptions): Promise<SendResult> {
  const url = new URL(message.url);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && options.allowLoopback)) {
    return { ok: false, status: null, error: "Only https URLs can receive webhooks" };
  }
  let addresses: LookupAddress[];
  try {
    addresses = await checkedAddresses(url.hostname, options);
  } catch (err) {
    return { ok: false, status: null, error: err instanceof RefusedAddressError ? err.message : `DNS lookup failed: ${errorText(err)}` };
  }
  // The socket connects to what was checked, whatever it asks for.
  const lookup: LookupFunction = (_hostname, opts, callback) => {
    if (opts.all) (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const at = options.now ?? new Date();
  const headers = {
    ...signedHeaders(message, at),
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(message.payload)),
    "user-agent": USER_AGENT,
  };
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = request(url, { method: "POST", headers, lookup, agent: false }, (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      let read = 0;
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) res.destroy();
      });
      const done = () =>
        finish(
          status >= 200 && status < 300
            ? { ok: true, status }
            : {
                ok: false,
                status,
                error: status >= 300 && status < 400 ? `Redirect (${status}) not followed` : `The receiver answered ${status}`,
              },
        );
      res.on("end", done);
      res.on("close", done);
      res.on("error", done);
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish({ ok: false, status: null, error: `No answer within ${Math.round(timeoutMs / 1000)} s` });
    }, timeoutMs);
    req.on("error", (err) => finish({ ok: false, status: null, error: `Could not deliver: ${errorText(err)}` }));
    req.end(message.payload);
  });
}

const errorText = (err: unknown) => {
  const e = err as { code?: string; message?: string };
  return e.code ?? e.message ?? String(err);
};
