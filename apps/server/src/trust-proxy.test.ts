import { describe, expect, it } from "vitest";
import { loadEnv, parseTrustProxy, TRUST_PROXY_TRUE_MESSAGE } from "./env.js";

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
});
