import { afterEach, describe, expect, it } from "vitest";
import {
  checkPartnerAnswer,
  checkPartnerRequest,
  hmacSigner,
  PARTNER_SIGNATURE_HEADER,
  signedAnswerHeaders,
  signedRequestHeaders,
} from "./partner-signature";

const sign = hmacSigner("0123456789abcdef-partner");
const NOW = new Date("2026-12-01T10:00:00Z");
const request = {
  method: "POST",
  path: "/api/webhooks/bank",
  body: '{"type":"incoming"}',
  v1Header: "x-bank-signature",
};
const message = (
  headers: Record<string, string>,
  changes: Partial<{ method: string; path: string; rawBody: string }> = {},
) => ({ method: request.method, path: request.path, rawBody: request.body, headers, ...changes });

afterEach(() => {
  delete process.env.PARTNER_PROTOCOL_V1_UNTIL;
});

describe("version 2 request signatures", () => {
  it("verify over method, path, timestamp, nonce and body, and hand back the nonce to remember past the window", () => {
    const headers = signedRequestHeaders(sign, request, NOW, "nonce-0123456789abcdef");
    const check = checkPartnerRequest(sign, message(headers), "x-bank-signature", NOW);
    expect(check).toEqual({
      ok: true,
      version: "v2",
      nonce: "nonce-0123456789abcdef",
      rememberUntil: new Date(NOW.getTime() + 360_000),
    });
  });

  it("refuse another method, path or body, another secret, and a v2 header set that is incomplete", () => {
    const headers = signedRequestHeaders(sign, request, NOW);
    expect(checkPartnerRequest(sign, message(headers, { method: "PUT" }), "x-bank-signature", NOW)).toMatchObject({
      ok: false,
    });
    expect(
      checkPartnerRequest(sign, message(headers, { path: "/api/webhooks/gateways/id/1" }), "x-bank-signature", NOW),
    ).toMatchObject({ ok: false });
    expect(
      checkPartnerRequest(sign, message(headers, { rawBody: '{"type":"incoming" }' }), "x-bank-signature", NOW),
    ).toMatchObject({ ok: false });
    expect(
      checkPartnerRequest(hmacSigner("someone-else-0123456789"), message(headers), "x-bank-signature", NOW),
    ).toMatchObject({ ok: false });
    // Carrying v2 headers, a message is judged by them alone: its valid v1 header does not rescue it.
    const partial = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== PARTNER_SIGNATURE_HEADER));
    expect(checkPartnerRequest(sign, message(partial), "x-bank-signature", NOW)).toEqual({
      ok: false,
      reason: expect.stringMatching(/x-partner-signature/),
    });
  });

  it("take a message within 5 minutes of its timestamp, either way, and refuse it after", () => {
    const headers = signedRequestHeaders(sign, request, NOW);
    expect(
      checkPartnerRequest(sign, message(headers), "x-bank-signature", new Date(NOW.getTime() + 300_000)),
    ).toMatchObject({ ok: true });
    expect(
      checkPartnerRequest(sign, message(headers), "x-bank-signature", new Date(NOW.getTime() - 300_000)),
    ).toMatchObject({ ok: true });
    expect(checkPartnerRequest(sign, message(headers), "x-bank-signature", new Date(NOW.getTime() + 301_000))).toEqual({
      ok: false,
      reason: expect.stringMatching(/window/),
    });
  });
});

describe("version 1 during the transition", () => {
  it("is sent and accepted until PARTNER_PROTOCOL_V1_UNTIL, neither after it", () => {
    process.env.PARTNER_PROTOCOL_V1_UNTIL = "2026-12-01T13:00:00+03:00";
    const before = new Date("2026-12-01T09:59:59Z");
    const after = new Date("2026-12-01T10:00:00Z");
    expect(signedRequestHeaders(sign, request, before)).toHaveProperty("x-bank-signature", sign(request.body));
    expect(signedRequestHeaders(sign, request, after)).not.toHaveProperty("x-bank-signature");
    const v1 = { "x-bank-signature": sign(request.body) };
    expect(checkPartnerRequest(sign, message(v1), "x-bank-signature", before)).toEqual({ ok: true, version: "v1" });
    expect(checkPartnerRequest(sign, message(v1), "x-bank-signature", after)).toEqual({
      ok: false,
      reason: expect.stringMatching(/no longer/),
    });
  });

  it("refuses a malformed end date at once", () => {
    process.env.PARTNER_PROTOCOL_V1_UNTIL = "next summer";
    expect(() => checkPartnerRequest(sign, message({}), "x-bank-signature", NOW)).toThrow(/PARTNER_PROTOCOL_V1_UNTIL/);
  });
});

describe("answers", () => {
  const answer = (headers: Record<string, string>, requestNonce = "nonce-0123456789abcdef") => ({
    requestNonce,
    status: 200,
    headers,
    body: '{"status":"completed"}',
  });

  it("are bound to the request they answer: the same answer to another request does not verify", () => {
    const headers = signedAnswerHeaders(sign, "nonce-0123456789abcdef", 200, '{"status":"completed"}');
    expect(checkPartnerAnswer(sign, answer(headers), "x-gateway-signature", NOW)).toEqual({ ok: true });
    expect(
      checkPartnerAnswer(sign, answer(headers, "nonce-another-request-000"), "x-gateway-signature", NOW),
    ).toMatchObject({ ok: false });
    expect(checkPartnerAnswer(sign, { ...answer(headers), status: 202 }, "x-gateway-signature", NOW)).toMatchObject({
      ok: false,
    });
  });

  it("unsigned do not verify; version 1's body signature does while the transition lasts", () => {
    expect(checkPartnerAnswer(sign, answer({}), "x-gateway-signature", NOW)).toEqual({
      ok: false,
      reason: "the answer is not signed",
    });
    expect(
      checkPartnerAnswer(
        sign,
        answer({ "x-gateway-signature": sign('{"status":"completed"}') }),
        "x-gateway-signature",
        NOW,
      ),
    ).toEqual({ ok: true });
  });
});
