import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendWebhook } from "./send.js";

const SECRET = `whsec_${Buffer.from("a test secret of 24 bytes").toString("base64")}`;

describe("sending one webhook (ADR 030)", () => {
  let server: Server;
  let base: string;
  const received: { headers: IncomingMessage["headers"]; body: string }[] = [];
  let answer: (res: ServerResponse) => void = (res) => res.writeHead(204).end();
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        answer(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const message = (path = "/hook") => ({
    id: "msg_test_1",
    payload: JSON.stringify({ type: "lead.created", timestamp: "2026-11-25T00:00:00.000Z", data: { a: 1 } }),
    url: `${base}${path}`,
    secret: SECRET,
  });

  it("signs with each secret during a rotation: two signatures, each verifying on its own", async () => {
    answer = (res) => res.writeHead(204).end();
    const NEW = `whsec_${Buffer.from("a-new-secret-of-24-bytes").toString("base64")}`;
    expect(await sendWebhook({ ...message(), secret: [NEW, SECRET] }, { allowLoopback: true })).toEqual({ ok: true, status: 204 });
    const last = received.at(-1)!;
    const headers = {
      "webhook-id": String(last.headers["webhook-id"]),
      "webhook-timestamp": String(last.headers["webhook-timestamp"]),
      "webhook-signature": String(last.headers["webhook-signature"]),
    };
    expect(headers["webhook-signature"]).toMatch(/^v1,\S+ v1,\S+$/);
    for (const secret of [NEW, SECRET]) expect(new Webhook(secret).verify(last.body, headers)).toMatchObject({ type: "lead.created" });
    const stranger = `whsec_${Buffer.from("not-one-of-the-two-secret").toString("base64")}`;
    expect(() => new Webhook(stranger).verify(last.body, headers)).toThrow();
  });

  it("signs per Standard Webhooks: the receiver's library verifies it", async () => {
    answer = (res) => res.writeHead(200).end("ok");
    const result = await sendWebhook(message(), { allowLoopback: true });
    expect(result).toEqual({ ok: true, status: 200 });
    const last = received.at(-1)!;
    expect(last.headers["webhook-id"]).toBe("msg_test_1");
    expect(last.headers["content-type"]).toBe("application/json");
    const verified = new Webhook(SECRET).verify(last.body, {
      "webhook-id": String(last.headers["webhook-id"]),
      "webhook-timestamp": String(last.headers["webhook-timestamp"]),
      "webhook-signature": String(last.headers["webhook-signature"]),
    });
    expect(verified).toEqual({ type: "lead.created", timestamp: "2026-11-25T00:00:00.000Z", data: { a: 1 } });
    expect(() =>
      new Webhook(`whsec_${Buffer.from("another secret").toString("base64")}`).verify(last.body, last.headers as Record<string, string>),
    ).toThrow();
  });

  it("does not follow a redirect: a 3xx is a failure, and the target is never asked", async () => {
    const before = received.length;
    answer = (res) => res.writeHead(302, { location: `${base}/elsewhere` }).end();
    const result = await sendWebhook(message(), { allowLoopback: true });
    expect(result).toEqual({ ok: false, status: 302, error: "Redirect (302) not followed" });
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)!.headers.host).toContain("127.0.0.1");
  });

  it("records the receiver's error status", async () => {
    answer = (res) => res.writeHead(503).end();
    expect(await sendWebhook(message(), { allowLoopback: true })).toEqual({ ok: false, status: 503, error: "The receiver answered 503" });
  });

  it("gives up after the timeout", async () => {
    answer = () => {}; // never answers
    const started = Date.now();
    const result = await sendWebhook(message(), { allowLoopback: true, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, status: null });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("refuses loopback and plain http without the development flag, before connecting", async () => {
    const before = received.length;
    expect(await sendWebhook(message(), { allowLoopback: false })).toMatchObject({
      ok: false,
      error: "Only https URLs can receive webhooks",
    });
    const https = { ...message(), url: base.replace("http:", "https:") };
    expect(await sendWebhook(https, { allowLoopback: false })).toMatchObject({
      ok: false,
      status: null,
      error: expect.stringContaining("a loopback address"),
    });
    expect(received.length).toBe(before);
  });

  it("connects to the address it checked, not to a second DNS answer", async () => {
    // The name resolves (first and only time) to loopback, allowed in development: the request
    // reaches this receiver although the host name is not a real one.
    answer = (res) => res.writeHead(204).end();
    const named = { ...message(), url: base.replace("127.0.0.1", "receiver.test") };
    const result = await sendWebhook(named, { allowLoopback: true, resolve: () => Promise.resolve([{ address: "127.0.0.1", family: 4 }]) });
    expect(result).toEqual({ ok: true, status: 204 });
    expect(received.at(-1)!.headers.host).toContain("receiver.test");
    const refused = await sendWebhook(named, { allowLoopback: true, resolve: () => Promise.resolve([{ address: "10.0.0.7", family: 4 }]) });
    expect(refused).toMatchObject({ ok: false, status: null, error: expect.stringContaining("a private address (10.0.0.7)") });
  });
});
