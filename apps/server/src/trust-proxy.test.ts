import { describe, expect, it } from "vitest";
import { loadEnv, parseTrustProxy, TRUST_PROXY_TRUE_MESSAGE, trustProxyTooBroadMessage } from "./env.js";

describe("TRUST_PROXY", () => {
  it("defaults to trusting no proxy", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "FALSE" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
  });

  it("takes a hop count", () => {
    expect(loadEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: " 2 " }).TRUST_PROXY).toBe(2);
  });

  it("takes proxy addresses, CIDRs and Express's names, comma-separated", () => {
    expect(loadEnv({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toEqual(["loopback"]);
    expect(loadEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8,192.168.1.7 , fc00::/7, uniquelocal" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "192.168.1.7",
      "fc00::/7",
      "uniquelocal",
    ]);
    expect(parseTrustProxy("172.16.0.0/255.240.0.0")).toEqual(["172.16.0.0/255.240.0.0"]);
  });

  it("refuses true (every hop) at start, naming TRUST_PROXY and what to set instead", () => {
    expect(parseTrustProxy("true")).toBe(TRUST_PROXY_TRUE_MESSAGE);
    expect(() => loadEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY=true is not accepted.*X-Forwarded-For.*usually 1/);
    expect(() => loadEnv({ TRUST_PROXY: "TRUE" })).toThrow(/TRUST_PROXY/);
  });

  it.each([["yes"], ["10.0.0.0/33"], ["300.1.1.1"], ["loopback,,10.0.0.1"], ["-1"], ["1.5"], ["101"], ["proxy.example.com"]])(
    "refuses %j with a message naming TRUST_PROXY",
    (value) => {
      expect(typeof parseTrustProxy(value)).toBe("string");
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(/Invalid environment: TRUST_PROXY: TRUST_PROXY/);
    },
  );

  it.each([
    ["0.0.0.0/1,128.0.0.0/1", "0.0.0.0/1"],
    ["loopback, 0.0.0.0/0", "0.0.0.0/0"],
    ["1.0.0.0/7", "1.0.0.0/7"],
    ["10.0.0.0/7", "10.0.0.0/7"],
    ["0.0.0.0/128.0.0.0", "0.0.0.0/128.0.0.0"],
    ["::/1", "::/1"],
    ["::/0", "::/0"],
    ["2000::/3", "2000::/3"],
    ["2001:db8::/31", "2001:db8::/31"],
    // IPv4-mapped IPv6: ::ffff:0:0/96 is every IPv4 address.
    ["::ffff:0:0/96", "::ffff:0:0/96"],
    ["::ffff:10.0.0.0/103", "::ffff:10.0.0.0/103"],
    // Wider than the private range it starts in.
    ["fc00::/6", "fc00::/6"],
    ["fe80::/9", "fe80::/9"],
  ])("refuses %j, which trusts far more than a proxy's network, naming TRUST_PROXY and the entry", (value, entry) => {
    expect(parseTrustProxy(value)).toBe(trustProxyTooBroadMessage(entry));
    expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(/Invalid environment: TRUST_PROXY: TRUST_PROXY entry .* spans more than a \/8/);
  });

  it("takes private ranges broader than the limit when they are the named ones, given literally, and anything a /8 (IPv4) or /32 (IPv6) or narrower", () => {
    for (const value of [
      "loopback,linklocal,uniquelocal",
      "10.0.0.0/8",
      "172.16.0.0/12",
      "192.168.0.0/16",
      "127.0.0.0/8",
      "fc00::/7",
      "FD00::/8",
      "fe80::/10",
      "2001:db8::/32",
      "2001:db8:1::/48",
      "::ffff:10.0.0.0/104",
      "::ffff:192.168.1.7",
      "203.0.113.0/24",
      "11.0.0.0/255.0.0.0",
      "100.64.0.0/10",
    ]) {
      expect(parseTrustProxy(value), value).toEqual(value.split(","));
    }
  });
});
