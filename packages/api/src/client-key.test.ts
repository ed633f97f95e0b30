import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key.js";

describe("clientKey", () => {
  it("keeps an IPv4 address as it is: IPv4 clients are counted per address", () => {
    expect(clientKey("192.0.2.1")).toBe("192.0.2.1");
    expect(clientKey("192.0.2.2")).toBe("192.0.2.2");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address, in either notation", () => {
    expect(clientKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientKey("::FFFF:c000:201")).toBe("192.0.2.1");
  });

  it("counts every IPv6 address of one /64 as that /64, however it is written", () => {
    const key = "2001:db8:1:2::/64";
    for (const ip of ["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:DB8:0001:0002:a:b:c:d", "2001:db8:1:2:0:0:0:9"]) {
      expect(clientKey(ip), ip).toBe(key);
    }
  });

  it("keeps two /64s apart, even next to each other", () => {
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
    expect(clientKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db9:1:2::1"));
  });

  it("drops an IPv6 zone id with the interface bits", () => {
    expect(clientKey("fe80::1%eth0")).toBe("fe80::/64");
  });

  it("keeps what is not an IP address as it is", () => {
    expect(clientKey("unknown")).toBe("unknown");
    expect(clientKey("")).toBe("");
    // ipaddr.js alone would read these as IPv4 addresses; they never come from a socket or a proxy.
    expect(clientKey("1")).toBe("1");
    expect(clientKey("0x7f.1")).toBe("0x7f.1");
  });
});
