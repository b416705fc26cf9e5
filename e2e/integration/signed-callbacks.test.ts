import { describe, expect, inject, it } from "vitest";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { customerDecision } from "@/lib/domain/customers/customer-actions";
import { verifyCallback } from "@/lib/api/sdk";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { consoleSession, pageText } from "../support/console-session";
import { createTenant } from "../support/fixtures";
import { testProviderClient } from "../support/sdk-clients";

const baseUrl = inject("baseUrl");

describe("callback body signatures", () => {
  it("let the SDK's verifier refuse a callback whose body was altered, which the contract's hash alone accepts", async () => {
    const receiver = await startCallbackReceiver();
    try {
      const tenant = await createTenant({ callbackUrl: receiver.url });
      const iban = ibanFromBban("TR", `0001000${String(Date.now()).slice(-8)}0000000`);
      await addBankAccount(
        {
          dealerId: tenant.dealer.id,
          bankName: "Ziraat Bankası",
          accountName: "Demo A.Ş.",
          iban,
          minAmount: "1",
          maxAmount: "5000",
        },
        { label: "test" },
      );
      const created = await testProviderClient(tenant.creds).startManualDeposit(tenant.site.credential_key, {
        fullname: "Ayşe Kaya",
        username: "ayse",
        user_id: "u-77",
        amount: 250.5,
      });
      if (!created.ok) throw new Error(JSON.stringify(created.error));
      const { tracking_code: code, payment_url: paymentUrl } = created.data.data;
      await customerDecision(paymentUrl.split("/").pop()!, "cancel");
      const [callback] = await receiver.forTrackingCode(code);
      const keys = tenant.creds;

      // The amount is written from the decimal, as sent: 250.5, not a float's rendering.
      expect(callback!.raw).toContain('"amount":250.5,');
      expect(String(callback!.headers["x-signature"])).toMatch(
        new RegExp(`^t=${String(callback!.headers["x-timestamp"])},v1=[0-9a-f]{64}$`),
      );
      expect(
        verifyCallback({ headers: callback!.headers, rawBody: callback!.raw }, keys, { maxAgeSeconds: 300 }),
      ).toEqual({ valid: true, body: callback!.body });

      // Someone on the way raises the amount and changes the customer: X-Hash covers neither.
      const altered = {
        ...callback!,
        raw: callback!.raw
          .replace('"amount":250.5', '"amount":25000.5')
          .replace('"user_id":"u-77"', '"user_id":"u-666"'),
      };
      altered.body = JSON.parse(altered.raw) as Record<string, unknown>;
      expect(verifyAsReceiver(altered, keys.apiKey, keys.secretKey)).toBe(true);
      expect(verifyCallback({ headers: altered.headers, rawBody: altered.raw }, keys)).toEqual({
        valid: false,
        reason: "X-Signature does not match the body",
      });
      // Without its X-Signature (stripped on the way), the SDK refuses it too.
      const unsignedHeaders = Object.fromEntries(
        Object.entries(callback!.headers).filter(([name]) => name !== "x-signature"),
      );
      expect(verifyCallback({ headers: unsignedHeaders, rawBody: callback!.raw }, keys)).toEqual({
        valid: false,
        reason: "X-Signature is missing",
      });

      // Dealer staff see what the callback said, but not what would let them replay it.
      const delivery = await prisma.callbackDelivery.findFirstOrThrow({ where: { trackingCode: code } });
      const staff = await consoleSession(baseUrl, "dealer", { dealerId: tenant.dealer.id });
      const dealerView = pageText((await staff.get(`/console/deliveries/${delivery.id}`)).text);
      expect(dealerView).toContain(`"amount":250.5`);
      expect(dealerView).toContain(`"user_id":"u-77"`);
      expect(dealerView).not.toContain(String(callback!.headers["x-hash"]));
      expect(dealerView).not.toMatch(/x-signature|x-hash|x-api-key/i);
      const admin = await consoleSession(baseUrl, "admin");
      const adminView = pageText((await admin.get(`/console/deliveries/${delivery.id}`)).text);
      expect(adminView).toContain(`x-signature: t=`);
      expect(adminView).toContain(String(callback!.headers["x-hash"]));
    } finally {
      await receiver.close();
    }
  });
});
