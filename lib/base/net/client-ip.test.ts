import { afterEach, describe, expect, it } from "vitest";
import { clientIp, PEER_ADDRESS_HEADER } from "./client-ip";

function headers(values: Record<string, string>) {
  return new Headers(values);
}

describe("clientIp", () => {
  afterEach(() => {
    delete process.env.TRUSTED_PROXIES;
  });

  it("is the TCP peer when the peer is not a trusted proxy, whatever the headers say", () => {
    process.env.TRUSTED_PROXIES = "10.0.0.1";
    expect(
      clientIp(
        headers({ [PEER_ADDRESS_HEADER]: "198.51.100.9", "x-forwarded-for": "1.1.1.1", "x-real-ip": "2.2.2.2" }),
      ),
    ).toBe("198.51.100.9");
  });

  it("walks X-Forwarded-For from the right past trusted proxies", () => {
    process.env.TRUSTED_PROXIES = "10.0.0.0/8";
    const h = headers({ [PEER_ADDRESS_HEADER]: "10.0.0.1", "x-forwarded-for": "6.6.6.6, 203.0.113.4, 10.0.0.7" });
    expect(clientIp(h)).toBe("203.0.113.4");
  });

  it("falls back to X-Real-IP, then the peer", () => {
    process.env.TRUSTED_PROXIES = "10.0.0.1";
    expect(clientIp(headers({ [PEER_ADDRESS_HEADER]: "10.0.0.1", "x-real-ip": "203.0.113.9" }))).toBe("203.0.113.9");
    expect(clientIp(headers({ [PEER_ADDRESS_HEADER]: "10.0.0.1" }))).toBe("10.0.0.1");
  });

  it("unwraps IPv4-mapped peers and is null without a peer", () => {
    expect(clientIp(headers({ [PEER_ADDRESS_HEADER]: "::ffff:127.0.0.1" }))).toBe("127.0.0.1");
    expect(clientIp(headers({ "x-forwarded-for": "1.2.3.4" }))).toBeNull();
  });
});

describe("clientIp behind a proxy that only sets X-Real-IP", () => {
  it("uses X-Real-IP when every X-Forwarded-For hop is a trusted proxy", () => {
    process.env.TRUSTED_PROXIES = "10.0.0.1";
    expect(
      clientIp(
        new Headers({ [PEER_ADDRESS_HEADER]: "10.0.0.1", "x-forwarded-for": "10.0.0.1", "x-real-ip": "203.0.113.9" }),
      ),
    ).toBe("203.0.113.9");
    delete process.env.TRUSTED_PROXIES;
  });
});
