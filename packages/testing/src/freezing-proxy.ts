import net from "node:net";

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  frozen: boolean;
}

/**
 * A TCP proxy on loopback that can freeze the connections it carries: what a NAT that forgot them,
 * or a failover, does to a database connection. A frozen connection forwards nothing more either
 * way and never closes (no FIN, no RST); both ends stay open, each waiting for the other. A
 * connection opened after the freeze is forwarded normally.
 */
export class FreezingProxy {
  private server: net.Server | null = null;
  private readonly pairs = new Set<Pair>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** A proxy for the PostgreSQL server of `url`, and `url` with the proxy's address in its place. */
  static async forUrl(url: string): Promise<{ proxy: FreezingProxy; url: string }> {
    const target = new URL(url);
    const proxy = new FreezingProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const through = new URL(url);
    through.hostname = "127.0.0.1";
    through.port = String(proxy.port);
    return { proxy, url: through.toString() };
  }

  async start(): Promise<void> {
    this.server = net.createServer((client) => this.carry(client));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Connections carried now, and how many of them are frozen. */
  get counts(): { open: number; frozen: number } {
    const pairs = [...this.pairs];
    return { open: pairs.length, frozen: pairs.filter((p) => p.frozen).length };
  }

  /** Every connection open now stops forwarding, for good; new ones are not affected. */
  freeze(): number {
    let frozen = 0;
    for (const pair of this.pairs) {
      if (pair.frozen) continue;
      pair.frozen = true;
      frozen += 1;
      pair.client.unpipe(pair.upstream);
      pair.upstream.unpipe(pair.client);
      // Nothing read any more: what either end sends waits in the kernel's buffers.
      pair.client.pause();
      pair.upstream.pause();
    }
    return frozen;
  }

  async close(): Promise<void> {
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
    this.pairs.clear();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private carry(client: net.Socket): void {
    const upstream = net.connect(this.targetPort, this.targetHost);
    const pair: Pair = { client, upstream, frozen: false };
    this.pairs.add(pair);
    // A frozen pair tells neither end anything: an end that gives up closes only its own side.
    const ended = () => {
      if (pair.frozen) return;
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", ended).on("close", ended);
    upstream.on("error", ended).on("close", ended);
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
