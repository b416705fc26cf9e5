import { describe, expect, it } from "vitest";
import type { IncomingMessage, OrderLookup } from "../ports";
import { sealConfig, maskConfig, ConnectorConfigError } from "../sealed-config";
import { sandboxCard } from "./index";
import { SANDBOX_SIGNATURE_HEADER, signBody, signReturn } from "./wire";

const config = { merchantId: "M-1", storeKey: "store-key-0123456789" };
const lookup: OrderLookup = async (orderId) =>
  orderId === "ORD-1" ? { orderId, amount: "150.00", currency: "TRY", partnerReference: "cs_1" } : null;
const query = (q: Record<string, string>): IncomingMessage => ({
  method: "GET",
  headers: {},
  rawBody: "",
  form: null,
  query: q,
});

describe("the sandbox-card connector", () => {
  it("verifies a return's signature before anything else, then the order and its amount", async () => {
    const fields = { orderId: "ORD-1", status: "approved", amount: "150.00", reference: "cs_1", authCode: "A1" };
    expect(await sandboxCard.verifyReturn(config, query(signReturn(config.storeKey, fields)), lookup)).toMatchObject({
      ok: true,
      orderId: "ORD-1",
      outcome: { status: "approved", amount: "150.00", partnerReference: "cs_1", authCode: "A1" },
    });
    const refused = [
      { ...signReturn(config.storeKey, fields), status: "declined" },
      signReturn("another-store-key-000", fields),
      signReturn(config.storeKey, { ...fields, amount: "1.00" }),
      signReturn(config.storeKey, { ...fields, orderId: "ORD-2" }),
      fields,
    ];
    for (const q of refused)
      expect(await sandboxCard.verifyReturn(config, query(q), lookup)).toMatchObject({ ok: false });
    const declined = signReturn(config.storeKey, {
      orderId: "ORD-1",
      status: "declined",
      amount: "150.00",
      errorCode: "INSUFFICIENT_FUNDS",
      errorMessage: "Insufficient funds",
    });
    expect((await sandboxCard.verifyReturn(config, { ...query({}), form: declined }, lookup)) as unknown).toMatchObject(
      { ok: true, outcome: { status: "declined", error: { code: "INSUFFICIENT_FUNDS" } } },
    );
  });

  it("verifies a notification over its exact bytes", async () => {
    const rawBody = JSON.stringify({ orderId: "ORD-1", status: "cancelled", amount: "150.00" });
    const message = (signature: string): IncomingMessage => ({
      method: "POST",
      headers: { [SANDBOX_SIGNATURE_HEADER]: signature },
      rawBody,
      form: null,
      query: {},
    });
    expect(
      await sandboxCard.verifyNotification!(config, message(signBody(config.storeKey, rawBody)), lookup),
    ).toMatchObject({ ok: true, outcome: { status: "cancelled" } });
    expect(
      await sandboxCard.verifyNotification!(config, message(signBody(config.storeKey, `${rawBody} `)), lookup),
    ).toMatchObject({ ok: false, ack: { status: 401 } });
  });

  it("its configuration: each bad key named, the store key sealed and masked", () => {
    expect(() => sealConfig("dealer_acquirers.config", sandboxCard, { merchantId: "M-1" })).toThrow(
      ConnectorConfigError,
    );
    expect(() => sealConfig("dealer_acquirers.config", sandboxCard, { merchantId: "M-1" })).toThrow(/storeKey/);
    expect(() => sealConfig("dealer_acquirers.config", sandboxCard, { ...config, endpoint: "not a url" })).toThrow(
      /endpoint/,
    );
    const sealed = sealConfig("dealer_acquirers.config", sandboxCard, config);
    expect(JSON.stringify(sealed)).not.toContain(config.storeKey);
    expect(maskConfig(sealed)).toEqual({ merchantId: "M-1", storeKey: "••••" });
  });
});
