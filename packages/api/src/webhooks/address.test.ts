import { describe, expect, it } from "vitest";
import { isLoopbackHost, parseIPv6, refusedAddress } from "./address.js";
import { checkedAddresses } from "./send.js";

describe("where a webhook may go (SSRF checks, ADR 030)", () => {
  it.each([
    ["10.0.0.5", "a private address"],
    ["10.255.255.255", "a private address"],
    ["172.16.0.1", "a private address"],
    ["172.31.255.254", "a private address"],
    ["192.168.1.10", "a private address"],
    ["127.0.0.1", "a loopback address"],
    ["127.8.9.10", "a loopback address"],
    ["0.0.0.0", "an unspecified address"],
    ["169.254.169.254", "the cloud metadata address"],
    ["169.254.10.1", "a link-local address"],
    ["100.64.0.1", "a carrier-grade NAT address"],
    ["100.127.255.254", "a carrier-grade NAT address"],
    ["224.0.0.1", "a multicast address"],
    ["239.255.255.250", "a multicast address"],
    ["255.255.255.255", "a reserved address"],
    ["192.0.2.1", "a documentation address"],
    ["::1", "a loopback address"],
    ["::", "an unspecified address"],
    ["fd00:ec2::254", "the cloud metadata address"],
    ["fc00::1", "a private address"],
    ["fdab:1234::1", "a private address"],
    ["fe80::1", "a link-local address"],
    ["fe80::1%eth0", "a link-local address"],
    ["ff02::1", "a multicast address"],
    ["2001:db8::1", "a documentation address"],
    // IPv4 inside IPv6: mapped (dotted and hex), compatible, NAT64, 6to4.
    ["::ffff:10.0.0.1", "a private address (in an IPv6 form)"],
    ["::ffff:a00:1", "a private address (in an IPv6 form)"],
    ["::ffff:169.254.169.254", "the cloud metadata address (in an IPv6 form)"],
    ["::ffff:a9fe:a9fe", "the cloud metadata address (in an IPv6 form)"],
    ["0:0:0:0:0:ffff:7f00:1", "a loopback address (in an IPv6 form)"],
    ["[::ffff:127.0.0.1]", "a loopback address (in an IPv6 form)"],
    ["::192.168.0.1", "a private address (in an IPv6 form)"],
    ["64:ff9b::10.1.2.3", "a private address (in an IPv6 form)"],
    ["2002:a9fe:a9fe::1", "the cloud metadata address (in an IPv6 form)"],
    ["not-an-ip", "not an IP address"],
  ])("refuses %s (%s)", (ip, reason) => {
    expect(refusedAddress(ip)).toBe(reason);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "169.253.255.255",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
  ])("allows the public address %s", (ip) => {
    expect(refusedAddress(ip)).toBeNull();
  });

  it("allows loopback only with the development flag, and nothing else because of it", () => {
    expect(refusedAddress("127.0.0.1", { allowLoopback: true })).toBeNull();
    expect(refusedAddress("::1", { allowLoopback: true })).toBeNull();
    expect(refusedAddress("::ffff:127.0.0.1", { allowLoopback: true })).toBeNull();
    expect(refusedAddress("10.0.0.1", { allowLoopback: true })).toBe("a private address");
    expect(refusedAddress("169.254.169.254", { allowLoopback: true })).toBe("the cloud metadata address");
  });

  it("reads IPv6 text in all its forms", () => {
    expect(parseIPv6("::")).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6("1::")).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIPv6("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIPv6("1:2:3:4:5:6:7")).toBeNull();
    expect(parseIPv6("1::2::3")).toBeNull();
    expect(parseIPv6("12345::")).toBeNull();
  });

  it("knows loopback host names", () => {
    for (const host of ["localhost", "LOCALHOST.", "app.localhost", "127.0.0.1", "[::1]", "127.1.2.3"])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ["example.com", "10.0.0.1", "[fe80::1]", "localhost.example.com"]) expect(isLoopbackHost(host)).toBe(false);
  });

  describe("DNS answers", () => {
    const answering =
      (...addresses: string[]) =>
      () =>
        Promise.resolve(addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })));

    it("passes a host whose every address is public, with those addresses (the connection uses exactly them)", async () => {
      await expect(
        checkedAddresses("hooks.example.com", { allowLoopback: false, resolve: answering("93.184.216.34", "2606:2800:220:1::1") }),
      ).resolves.toEqual([
        { address: "93.184.216.34", family: 4 },
        { address: "2606:2800:220:1::1", family: 6 },
      ]);
    });

    it.each([
      [["10.1.2.3"], "a private address"],
      [["93.184.216.34", "169.254.169.254"], "the cloud metadata address"],
      [["::ffff:192.168.0.1"], "a private address (in an IPv6 form)"],
      [["fd00:ec2::254"], "the cloud metadata address"],
      [["127.0.0.1"], "a loopback address"],
    ])("refuses a host that resolves to %j", async (addresses, reason) => {
      await expect(checkedAddresses("evil.example.com", { allowLoopback: false, resolve: answering(...addresses) })).rejects.toThrow(
        reason,
      );
    });

    it("refuses a host without an address, and checks an IP literal without asking DNS", async () => {
      await expect(checkedAddresses("empty.example.com", { allowLoopback: false, resolve: answering() })).rejects.toThrow("has no address");
      const never = () => Promise.reject(new Error("asked DNS"));
      await expect(checkedAddresses("[::ffff:10.0.0.1]", { allowLoopback: false, resolve: never })).rejects.toThrow("a private address");
      await expect(checkedAddresses("8.8.8.8", { allowLoopback: false, resolve: never })).resolves.toEqual([
        { address: "8.8.8.8", family: 4 },
      ]);
    });
  });
});
