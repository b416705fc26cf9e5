import { expect, inject, it } from "vitest";
import { approveByCode } from "@/lib/domain/approvals/approve-by-code";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { contractHash } from "@/lib/base/crypto/contract-hash";
import { callbackSigningInput, signatureHeader } from "@/lib/api/sdk";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { createTenant } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { callWithSite } from "../support/provider-calls";

const baseUrl = inject("baseUrl");

async function deliveredOnce(trackingCode: string) {
  for (let i = 0; i < 100; i++) {
    const delivery = await prisma.callbackDelivery.findFirst({ where: { trackingCode }, include: { attempts: true } });
    if (delivery?.state !== "PENDING" && delivery) return delivery;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no delivery outcome for ${trackingCode}`);
}

it("the sandbox callback receiver verifies a real callback (200) and refuses a forged one (401)", async () => {
  const t = await createTenant({ callbackUrl: `${baseUrl}/sandbox/callbacks` });
  await addBankAccount(
    {
      dealerId: t.dealer.id,
      bankName: "Ziraat",
      accountName: "Demo",
      iban: ibanFromBban("TR", `00010${String(Date.now()).slice(-9)}00000000`),
      minAmount: "1",
      maxAmount: "50000",
    },
    { label: "test" },
  );
  const created = await callWithSite("/api/provider/start-manual-deposit", t.creds, t.site.credential_key, {
    fullname: "Ayşe Yılmaz",
    username: "ayse",
    user_id: "u-1",
    amount: 120,
  });
  const code = String((created.json.data as Record<string, unknown>).tracking_code);
  await approveByCode(code, { label: "test", viaCli: true });
  const delivery = await deliveredOnce(code);
  expect(delivery.state).toBe("DELIVERED");
  expect(delivery.attempts.map((a) => a.statusCode)).toEqual([200]);

  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    tracking_code: code,
    status: "completed",
    amount: 999999,
    timestamp,
    hash: "0".repeat(64),
  });
  const forged = await httpRequest({
    url: `${baseUrl}/sandbox/callbacks`,
    body,
    headers: {
      "content-type": "application/json",
      "x-api-key": t.creds.apiKey,
      "x-timestamp": String(timestamp),
      "x-hash": "0".repeat(64),
    },
  });
  expect(forged.status).toBe(401);
  expect(forged.json).toMatchObject({ success: false, error: "Invalid callback", message: "X-Hash does not verify" });
  const hash = contractHash(t.creds.apiKey, t.creds.secretKey, code, "completed", timestamp);
  const hashed = body.replace(/"hash":"0+"/, `"hash":"${hash}"`);
  const headers = {
    "content-type": "application/json",
    "x-api-key": t.creds.apiKey,
    "x-timestamp": String(timestamp),
    "x-hash": hash,
  };
  // A right X-Hash is not enough: it does not cover the amount, the body signature does.
  const hashOnly = await httpRequest({ url: `${baseUrl}/sandbox/callbacks`, body: hashed, headers });
  expect(hashOnly.json).toMatchObject({ success: false, error: "Invalid callback", message: "X-Signature is missing" });
  const signature = signatureHeader(t.creds.secretKey, timestamp, callbackSigningInput(timestamp, hashed));
  const signed = await httpRequest({
    url: `${baseUrl}/sandbox/callbacks`,
    body: hashed,
    headers: { ...headers, "x-signature": signature },
  });
  expect(signed.json).toMatchObject({ success: true });
});
