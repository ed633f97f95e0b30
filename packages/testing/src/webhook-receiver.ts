import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface ReceivedWebhook {
  path: string;
  id: string;
  timestamp: string;
  /** The body as verified with the endpoint's secret (standardwebhooks' verify). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary bodies
  body: { type: string; timestamp: string; data: Record<string, any> };
  raw: string;
  /** The webhook-signature header: one `v1,…` signature per secret the sender signed with, space-separated. */
  signature: string;
  /** The sender's port of the connection (which process sent it: see socket-owner.ts). */
  remotePort: number;
}

/**
 * A webhook receiver on loopback (plain http: the server runs with WEBHOOKS_ALLOW_HTTP=true) that
 * verifies every request's signature with `standardwebhooks`, as an integrator's would (with each of
 * the path's secrets, when it expects several: during a secret rotation every request must verify
 * with the old and the new one alike). A request that fails verification is answered 401 and
 * counted in `rejected`. `status(path, n)` decides the
 * answer to the n-th request (1-based) on a path; 204 by default. `hold(path, n)` true: the request
 * is verified and recorded but never answered (the sender waits, as on a receiver that stalls).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  readonly rejected: { path: string; reason: string }[] = [];
  private readonly secrets = new Map<string, readonly string[]>();
  private readonly counts = new Map<string, number>();
  status: (path: string, n: number) => number = () => 204;
  hold: (path: string, n: number) => boolean = () => false;
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    let self: WebhookReceiver | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () =>
        self!.handle(
          req.url ?? "/",
          req.headers as Record<string, string>,
          Buffer.concat(chunks).toString("utf8"),
          req.socket.remotePort ?? 0,
          (s) => res.writeHead(s).end(),
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    self = new WebhookReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return self;
  }

  /**
   * The secret the endpoint at `path` signs with (from its registration's answer), or several: each
   * request must then verify with every one of them (standardwebhooks verifies each separately).
   */
  expect(path: string, secret: string | readonly string[]): void {
    this.secrets.set(path, typeof secret === "string" ? [secret] : secret);
  }

  private handle(path: string, headers: Record<string, string>, raw: string, remotePort: number, answer: (status: number) => void) {
    const secrets = this.secrets.get(path);
    if (!secrets?.length) {
      this.rejected.push({ path, reason: "unknown path" });
      return answer(404);
    }
    let body: ReceivedWebhook["body"] | undefined;
    try {
      for (const secret of secrets) body = new Webhook(secret).verify(raw, headers) as ReceivedWebhook["body"];
    } catch (err) {
      this.rejected.push({ path, reason: (err as Error).message });
      return answer(401);
    }
    const n = (this.counts.get(path) ?? 0) + 1;
    this.counts.set(path, n);
    this.received.push({
      path,
      id: headers["webhook-id"]!,
      timestamp: headers["webhook-timestamp"]!,
      signature: headers["webhook-signature"]!,
      body: body!,
      raw,
      remotePort,
    });
    if (this.hold(path, n)) return;
    answer(this.status(path, n));
  }

  on(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Waits until `check` holds (polling), or fails after `ms`. */
  async until(check: () => boolean, ms = 15_000, what = "webhooks"): Promise<void> {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end)
        throw new Error(`timed out waiting for ${what}: received ${JSON.stringify(this.received.map((r) => [r.path, r.body.type]))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
