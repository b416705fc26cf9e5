import { createHmac } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { changeDepositAmount } from "@/lib/domain/customers/customer-actions";
import { contractHash, requestSigningInput, signatureHeader } from "@/lib/api/sdk";
import { addFundedWallet, createTenant } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { testDealerClient, testProviderClient } from "../support/sdk-clients";
import { signedRequest, type Credentials } from "../support/signed-request";

const baseUrl = inject("baseUrl");
const ATTACKER_IBAN = "TR330006100519786457841326";

async function dealerWithWallet(dealerIps: string[]) {
  const tenant = await createTenant({ dealerIps });
  const iban = ibanFromBban(
    "TR",
    `00829${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
  );
  const wallet = await addFundedWallet({ dealerId: tenant.dealer.id, iban, balance: "5000.00" });
  return { ...tenant, wallet };
}

/** The contract's headers of one dealer request, as someone who captured them would hold them. */
function capturedHeaders(
  creds: Credentials,
  timestamp = String(Math.floor(Date.now() / 1000)),
): Record<string, string> {
  return {
    "content-type": "application/json",
    "x-api-key": creds.apiKey,
    "x-timestamp": timestamp,
    "x-hash": contractHash(creds.apiKey, creds.secretKey, timestamp),
  };
}

describe("replaying a dealer's captured headers on another endpoint", () => {
  it("cannot move money while the dealer has no IP whitelist; everything else keeps working", async () => {
    const { dealerCreds, dealer, wallet } = await dealerWithWallet([]);
    const headers = capturedHeaders(dealerCreds);
    const eibans = await httpRequest({ url: `${baseUrl}/api/dealer/eibans`, method: "GET", headers });
    expect(eibans.status).toBe(200);
    // The same three headers are valid for five minutes on any dealer endpoint (the hash covers no path or body).
    const settings = await httpRequest({ url: `${baseUrl}/api/dealer/settings`, method: "GET", headers });
    expect(settings.status).toBe(200);

    const theft = {
      wallet_id: wallet.wallet_id,
      recipient_iban: ATTACKER_IBAN,
      recipient_name: "Attacker",
      amount: "4000.00",
    };
    const sendMoney = await httpRequest({
      url: `${baseUrl}/api/dealer/send-money`,
      headers,
      body: JSON.stringify(theft),
    });
    expect(sendMoney.status).toBe(403);
    expect(sendMoney.json).toMatchObject({ success: false, error: "IP address not allowed" });
    expect(String(sendMoney.json.message)).toMatch(/no IP whitelist.*console: Dealers > your dealer > IP whitelist/);
    const withdraw = await httpRequest({
      url: `${baseUrl}/api/dealer/manual-iban/withdraw`,
      headers,
      body: JSON.stringify({
        username: "x",
        userid: "x",
        amount: 4000,
        recipient_name: "Attacker",
        recipient_iban: ATTACKER_IBAN,
      }),
    });
    expect(withdraw.status).toBe(403);
    expect(withdraw.json).toMatchObject({ success: false, error: "IP address not allowed" });
    expect(await prisma.transfer.count({ where: { dealerId: dealer.id } })).toBe(0);
    expect(await prisma.transaction.count({ where: { dealerId: dealer.id, direction: "WITHDRAWAL" } })).toBe(0);

    // Once the dealer whitelists its servers, the same request from them is served.
    await prisma.dealer.update({ where: { id: dealer.id }, data: { ipWhitelist: ["127.0.0.1"] } });
    const allowed = await testDealerClient(dealerCreds).sendMoney({ ...theft, amount: "10.00" });
    expect(allowed.ok).toBe(true);
  });
});

describe("signed bodies (X-Signature)", () => {
  it("are required with a 401 naming the header when the provider switches them on", async () => {
    const tenant = await createTenant();
    const client = testProviderClient(tenant.creds);
    await prisma.provider.update({ where: { id: tenant.provider.id }, data: { requireSignedBodies: true } });
    const unsigned = await signedRequest(baseUrl, "/api/provider/welcome", tenant.creds);
    expect(unsigned.status).toBe(401);
    expect(unsigned.json).toMatchObject({ success: false, error: "Signature required" });
    expect(String(unsigned.json.message)).toContain("X-Signature: t=<timestamp>,v1=");
    expect((await client.welcome()).status).toBe(200);

    const timestamp = String(Math.floor(Date.now() / 1000));
    const path = "/api/provider/credit-card/payment";
    const body = JSON.stringify({
      credential_key: tenant.site.credential_key,
      username: "u",
      user_id: "u-1",
      firstname: "A",
      lastname: "B",
      email: "a@example.com",
      phone: "5550000000",
      amount: 250,
    });
    const signature = signatureHeader(
      tenant.creds.secretKey,
      timestamp,
      requestSigningInput(timestamp, "POST", path, body),
    );
    const ok = await signedRequest(baseUrl, path, tenant.creds, {
      timestamp,
      rawBody: body,
      headers: { "x-signature": signature },
    });
    expect(ok.status).toBe(200);
    // The same signature with another amount, or on another path, does not verify.
    const altered = await signedRequest(baseUrl, path, tenant.creds, {
      timestamp,
      rawBody: body.replace('"amount":250', '"amount":9999'),
      headers: { "x-signature": signature },
    });
    expect(altered.status).toBe(401);
    expect(altered.json).toMatchObject({ success: false, error: "Invalid signature" });
    const elsewhere = await signedRequest(baseUrl, "/api/provider/welcome", tenant.creds, {
      timestamp,
      rawBody: body,
      headers: { "x-signature": signature },
    });
    expect(elsewhere.json).toMatchObject({ success: false, error: "Invalid signature" });
  });

  it("bind a dealer's captured headers to their method, path and query", async () => {
    const { dealerCreds, dealer, wallet } = await dealerWithWallet(["127.0.0.1"]);
    await prisma.dealer.update({ where: { id: dealer.id }, data: { requireSignedBodies: true } });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      ...capturedHeaders(dealerCreds, timestamp),
      "x-signature": signatureHeader(
        dealerCreds.secretKey,
        timestamp,
        requestSigningInput(timestamp, "GET", "/api/dealer/eibans", ""),
      ),
    };
    expect((await httpRequest({ url: `${baseUrl}/api/dealer/eibans`, method: "GET", headers })).status).toBe(200);
    const replay = await httpRequest({
      url: `${baseUrl}/api/dealer/send-money`,
      headers,
      body: JSON.stringify({
        wallet_id: wallet.wallet_id,
        recipient_iban: ATTACKER_IBAN,
        recipient_name: "Attacker",
        amount: "4000.00",
      }),
    });
    expect(replay.status).toBe(401);
    expect(replay.json).toMatchObject({ success: false, error: "Invalid signature" });
    expect(await prisma.transfer.count({ where: { dealerId: dealer.id } })).toBe(0);
    const unsigned = await signedRequest(baseUrl, "/api/dealer/settings", dealerCreds, { method: "GET" });
    expect(unsigned.json).toMatchObject({ success: false, error: "Signature required" });
    // The SDK signs every request, query strings included.
    const history = await testDealerClient(dealerCreds).listTransactions({
      wallet_id: wallet.wallet_id,
      start_date: "2026-11-01",
      end_date: "2026-11-02",
    });
    expect(history.status).toBe(200);
  });

  it("cover the path and query exactly as the request line gives them; an empty header is sent, and refused", async () => {
    const { dealerCreds, wallet } = await dealerWithWallet(["127.0.0.1"]);
    const timestamp = String(Math.floor(Date.now() / 1000));
    // Escapes in lower case, %20, and raw : ~ ' as curl and encodeURIComponent clients send them.
    const target =
      `/api/dealer/transactions?wallet_id=${wallet.wallet_id}&start_date=2026-11-01&end_date=2026-11-02` +
      `&note=a%20b%3a~'c:d`;
    const send = (signature: string) =>
      httpRequest({
        url: baseUrl,
        target,
        method: "GET",
        headers: { ...capturedHeaders(dealerCreds, timestamp), "x-signature": signature },
      });
    const signed = signatureHeader(dealerCreds.secretKey, timestamp, requestSigningInput(timestamp, "GET", target, ""));
    const accepted = await send(signed);
    expect(accepted.json.error, JSON.stringify(accepted.json)).not.toBe("Invalid signature");
    expect(accepted.status).not.toBe(401);
    // The same query spelled otherwise (upper-case escape) is another request: refused.
    const respelled = signatureHeader(
      dealerCreds.secretKey,
      timestamp,
      requestSigningInput(timestamp, "GET", target.replace("%3a", "%3A"), ""),
    );
    expect((await send(respelled)).json).toMatchObject({ success: false, error: "Invalid signature" });
    expect((await send("")).json).toMatchObject({ success: false, error: "Invalid signature" });
  });

  it("over a body that is not UTF-8 are never checked: the body is 400 Invalid JSON, whatever was signed", async () => {
    const tenant = await createTenant();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const target = "/api/provider/welcome";
    // A client signing the bytes it sends: 0xFF is no UTF-8, so no decoding of it is what was signed.
    const body = Buffer.concat([Buffer.from('{"note":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const prefix = Buffer.from(`${timestamp}.POST.${target}.`);
    const hmac = createHmac("sha256", tenant.creds.secretKey)
      .update(Buffer.concat([prefix, body]))
      .digest("hex");
    const answer = await httpRequest({
      url: baseUrl,
      target,
      method: "POST",
      headers: { ...capturedHeaders(tenant.creds, timestamp), "x-signature": `t=${timestamp},v1=${hmac}` },
      body,
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ success: false, error: "Invalid JSON" });
  });

  it("are checked when sent even where they are not required", async () => {
    const tenant = await createTenant();
    const bad = await signedRequest(baseUrl, "/api/provider/welcome", tenant.creds, {
      headers: { "x-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` },
    });
    expect(bad.status).toBe(401);
    expect(bad.json).toMatchObject({ success: false, error: "Invalid signature" });
    expect((await signedRequest(baseUrl, "/api/provider/welcome", tenant.creds)).status).toBe(200);
  });
});

describe("amount bounds", () => {
  const card = (tenant: Awaited<ReturnType<typeof createTenant>>, amount: string) =>
    signedRequest(baseUrl, "/api/provider/credit-card/payment", tenant.creds, {
      rawBody: `{"credential_key":"${tenant.site.credential_key}","username":"u","user_id":"u-1","firstname":"A","lastname":"B","email":"a@example.com","phone":"5550000000","amount":${amount}}`,
    });

  it("refuse more than the account's maximum per transaction (1,000,000.00 unless set)", async () => {
    const tenant = await createTenant();
    const over = await card(tenant, "1000000.01");
    expect(over.status).toBe(422);
    expect(over.json).toEqual({
      success: false,
      error: "Validation failed",
      messages: ["amount must be at most 1000000.00, this account's maximum per transaction"],
    });
    expect((await card(tenant, "1000000")).status).toBe(200);
    await prisma.provider.update({ where: { id: tenant.provider.id }, data: { maxTransactionAmount: "500.00" } });
    expect((await card(tenant, "500.01")).status).toBe(422);
    expect((await card(tenant, "500")).status).toBe(200);

    // A customer changing a manual deposit's amount on the page stays within it too.
    await addBankAccount(
      {
        dealerId: tenant.dealer.id,
        bankName: "B",
        accountName: "H",
        iban: ibanFromBban("TR", `0001000${String(Date.now()).slice(-8)}0000001`),
        minAmount: "1",
        maxAmount: "5000",
      },
      { label: "test" },
    );
    const deposit = await testProviderClient(tenant.creds).startManualDeposit(tenant.site.credential_key, {
      fullname: "A B",
      username: "ab",
      user_id: "u-2",
      amount: 100,
    });
    if (!deposit.ok) throw new Error(JSON.stringify(deposit.error));
    const token = deposit.data.data.payment_url.split("/").pop()!;
    await expect(changeDepositAmount(token, "500.01")).rejects.toMatchObject({
      details: { messages: ["amount must be at most 500.00, this account's maximum per transaction"] },
    });
    await changeDepositAmount(token, "500.00");
  });

  it("refuse JSON numbers that would be rounded instead of reading a nearby amount", async () => {
    const tenant = await createTenant();
    const noise = await card(tenant, "100.100000000000001");
    expect(noise.status).toBe(422);
    expect(noise.json).toEqual({
      success: false,
      error: "Validation failed",
      messages: ["amount must be a number that reads exactly: 100.100000000000001 would be rounded"],
    });
    expect((await card(tenant, "9007199254740993")).status).toBe(422);
    expect((await card(tenant, "1e400")).status).toBe(422);
    expect((await card(tenant, "100.10")).status).toBe(200);
    expect(await prisma.transaction.count({ where: { providerId: tenant.provider.id } })).toBe(1);
  });
});
