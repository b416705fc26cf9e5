import { describe, expect, inject, it } from "vitest";
import { THIRD_PARTY_KINDS } from "@/lib/domain/payment-methods";
import { createTenant } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";

const baseUrl = inject("baseUrl");

async function answer(method: string, path: string) {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { "content-type": "application/json" },
    body: ["GET", "HEAD"].includes(method) ? undefined : "{}",
  });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    allow: res.headers.get("allow"),
    html: text.startsWith("<!DOCTYPE html>"),
  };
}

describe("the third-party/[kind] routes", () => {
  it("serve only the kinds with contracts: any other kind is the same 404 page as an unknown path, for every method", async () => {
    const unknownPath = await answer("POST", "/api/provider/unknown");
    expect(unknownPath).toMatchObject({ status: 404, html: true });
    for (const kind of ["foo", "BANK", "papara"]) {
      for (const endpoint of ["gateways", "start-deposit", "start-withdrawal"]) {
        for (const method of ["GET", "POST", "PUT", "OPTIONS"]) {
          expect(
            await answer(method, `/api/provider/third-party/${kind}/${endpoint}`),
            `${method} ${kind}/${endpoint}`,
          ).toEqual(unknownPath);
        }
      }
    }
    expect((await answer("HEAD", "/api/provider/third-party/foo/gateways")).status).toBe(404);
  });

  it("serve each kind's own contract", async () => {
    const { creds } = await createTenant();
    for (const kind of THIRD_PARTY_KINDS) {
      const res = await signedRequest(baseUrl, `/api/provider/third-party/${kind}/gateways`, creds, { method: "GET" });
      expect(res.status, kind).toBe(200);
    }
    expect(await answer("GET", "/api/provider/third-party/bank/start-deposit")).toMatchObject({
      status: 405,
      allow: "OPTIONS, POST",
      html: false,
    });
  });
});
