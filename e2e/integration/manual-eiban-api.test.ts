import { describe, expect, inject, it } from "vitest";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { blockCustomer } from "@/lib/domain/customers/block-customer";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { addFundedWallet, createTenant } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { callWithSite } from "../support/provider-calls";
import { signedRequest } from "../support/signed-request";

const baseUrl = inject("baseUrl");
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const IBAN = "TR330006100519786457841326";
const customer = { fullname: "Ayşe Kaya", username: "ayse.k", user_id: "u-100" };
const unique = () => String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1e7)).padStart(7, "0");

async function tenantWithAccounts(options: Parameters<typeof createTenant>[0] = {}) {
  const tenant = await createTenant(options);
  const a = await addBankAccount(
    {
      dealerId: tenant.dealer.id,
      bankName: "Ziraat",
      accountName: "Demo A.Ş.",
      iban: ibanFromBban("TR", `00010${unique()}0`),
      minAmount: "1",
      maxAmount: "1000",
    },
    { label: "test" },
  );
  const b = await addBankAccount(
    {
      dealerId: tenant.dealer.id,
      bankName: "Garanti",
      accountName: "Demo A.Ş.",
      iban: ibanFromBban("TR", `00062${unique()}0`),
      minAmount: "500",
      maxAmount: "5000",
    },
    { label: "test" },
  );
  const walletIban = ibanFromBban("TR", `00829${unique()}0`);
  const wallet = await addFundedWallet({
    dealerId: tenant.dealer.id,
    iban: walletIban,
    bankName: "Sandbox E-Bank",
    accountName: "Dealer E-IBAN",
    balance: "10000.00",
  });
  return { ...tenant, accounts: [a.id, b.id], wallet, walletIban };
}

const deposit = (
  t: Awaited<ReturnType<typeof tenantWithAccounts>>,
  body: Record<string, unknown> = {},
  path = "/api/provider/start-manual-deposit",
  headers: Record<string, string> = {},
) => callWithSite(path, t.creds, t.site.credential_key, { ...customer, amount: 150, ...body }, headers);

describe("POST /api/provider/start-manual-deposit", () => {
  it("creates a showing deposit with the spec's fields and an unguessable payment_url", async () => {
    const t = await tenantWithAccounts();
    const res = await deposit(t);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["data", "message", "success", "timestamp"]);
    const data = res.json.data as Record<string, unknown>;
    expect(data).toEqual({
      tracking_code: expect.stringMatching(/^MAN-[A-Z0-9]{8}-\d{10}$/),
      payment_url: expect.stringMatching(new RegExp(`^${baseUrl}/pay/[A-Za-z0-9_-]{32}$`)),
      site: { id: t.site.id, name: expect.any(String) },
      customer,
      amount: 150,
      status: "showing",
      expires_at: expect.stringMatching(DATE_TIME),
      created_at: expect.stringMatching(DATE_TIME),
    });
    expect(String(data.payment_url)).not.toContain(String(data.tracking_code));
    const row = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: String(data.tracking_code) } });
    expect(row.expiresAt!.getTime() - row.createdAt.getTime()).toBe(30 * 60 * 1000);
    expect(row.amount.toFixed(2)).toBe("150.00");
    const page = await httpRequest({
      url: `${baseUrl}/api/pay/${String(data.payment_url).split("/pay/")[1]}`,
      method: "GET",
    });
    expect(page.json).toMatchObject({ status: "showing", amount: "150.00" });
  });

  it("offers an account whose range holds the amount, spreading load, and 422 when none can", async () => {
    const t = await tenantWithAccounts();
    const accountOf = async (amount: number) =>
      (
        await prisma.transaction.findUniqueOrThrow({
          where: {
            trackingCode: String(((await deposit(t, { amount })).json.data as Record<string, unknown>).tracking_code),
          },
        })
      ).bankAccountId;
    expect(await accountOf(2000)).toBe(t.accounts[1]);
    expect(await accountOf(100)).toBe(t.accounts[0]);
    const both = [await accountOf(700), await accountOf(700), await accountOf(700), await accountOf(700)];
    expect(new Set(both)).toEqual(new Set(t.accounts));
    const none = await deposit(t, { amount: 10000 });
    expect(none.status).toBe(422);
    expect(none.json).toEqual({
      success: false,
      error: "Validation failed",
      messages: ["No bank account can take an amount of 10000.00 TRY at the moment"],
    });
  });

  it("422 with one message per violated rule, creating nothing", async () => {
    const t = await tenantWithAccounts();
    const before = await prisma.transaction.count({ where: { siteId: t.site.id } });
    const res = await callWithSite("/api/provider/start-manual-deposit", t.creds, t.site.credential_key, {
      username: "",
      amount: 0.5,
      extra: 1,
    });
    expect(res.status).toBe(422);
    expect(res.json.messages).toEqual(
      expect.arrayContaining([
        "fullname is required",
        "username is required",
        "user_id is required",
        "amount must be at least 1",
        "Unknown field: extra",
      ]),
    );
    for (const amount of [0, -5, 1.005, "100"]) expect((await deposit(t, { amount })).status).toBe(422);
    expect(await prisma.transaction.count({ where: { siteId: t.site.id } })).toBe(before);
  });

  it("401 for another provider's credential key; 403 when the method is off or the customer blocked", async () => {
    const t = await tenantWithAccounts();
    const other = await tenantWithAccounts();
    const foreign = await callWithSite("/api/provider/start-manual-deposit", t.creds, other.site.credential_key, {
      ...customer,
      amount: 10,
    });
    expect(foreign.status).toBe(401);
    expect(foreign.json).toEqual({
      success: false,
      error: "Invalid credential key",
      message: "Invalid credential key",
    });
    await prisma.dealer.update({ where: { id: t.dealer.id }, data: { manualIbanEnabled: false } });
    const off = await deposit(t);
    expect(off.status).toBe(403);
    expect(off.json).toEqual({
      success: false,
      error: "Payment method disabled",
      message: "Manual bank transfer is not enabled for this dealer",
    });
    await blockCustomer({ providerId: other.provider.id, userId: customer.user_id }, { label: "test" });
    const blocked = await deposit(other);
    expect(blocked.status).toBe(403);
    expect(blocked.json).toEqual({
      success: false,
      error: "Customer blocked",
      message: "This customer is blocked. Payment not allowed.",
    });
    expect((await deposit(other, { user_id: "someone-else" })).status).toBe(200);
  });

  it("Idempotency-Key replays the first response, refuses another body, and creates once under concurrency", async () => {
    const t = await tenantWithAccounts();
    const key = { "idempotency-key": `key-${unique()}` };
    const results = await Promise.all(Array.from({ length: 5 }, () => deposit(t, {}, undefined, key)));
    const created = results.filter((r) => r.status === 200);
    expect(new Set(created.map((r) => JSON.stringify(r.json.data))).size).toBe(1);
    const again = await deposit(t, {}, undefined, key);
    expect(again.status).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json.data).toEqual(created[0]!.json.data);
    const changed = await deposit(t, { amount: 151 }, undefined, key);
    expect(changed.status).toBe(409);
    expect(await prisma.transaction.count({ where: { siteId: t.site.id } })).toBe(1);
  });
});

describe("POST /api/provider/start-manual-withdraw", () => {
  it("creates a pending withdrawal with the spec's fields", async () => {
    const t = await tenantWithAccounts();
    const res = await callWithSite("/api/provider/start-manual-withdraw", t.creds, t.site.credential_key, {
      ...customer,
      iban: "tr33 0006 1005 1978 6457 8413 26",
      amount: 250.75,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      message: expect.any(String),
      timestamp: expect.stringMatching(DATE_TIME),
    });
    expect(res.json.data).toEqual({
      tracking_code: expect.stringMatching(/^WIT-[A-Z0-9]{8}-\d{10}$/),
      site: { id: t.site.id, name: expect.any(String) },
      customer,
      iban: IBAN,
      amount: 250.75,
      status: "pending",
      created_at: expect.stringMatching(DATE_TIME),
    });
  });

  it("refuses an IBAN outside 15-34 characters or with a bad checksum", async () => {
    const t = await tenantWithAccounts();
    const call = (iban: unknown) =>
      callWithSite("/api/provider/start-manual-withdraw", t.creds, t.site.credential_key, {
        ...customer,
        iban,
        amount: 10,
      });
    expect((await call("TR12")).json.messages).toEqual([
      "iban must be 15 to 34 characters",
      "iban is not a valid IBAN (checksum failed)",
    ]);
    expect((await call("TR330006100519786457841327")).json.messages).toEqual([
      "iban is not a valid IBAN (checksum failed)",
    ]);
    expect((await call(undefined)).json.messages).toEqual(["iban is required"]);
  });
});

describe("E-IBAN endpoints", () => {
  it("start-eiban-deposit shows the dealer's E-IBAN; start-eiban-withdraw is pending", async () => {
    const t = await tenantWithAccounts();
    const res = await deposit(t, { amount: 300 }, "/api/provider/start-eiban-deposit");
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["data", "message", "success"]);
    expect(res.json.data).toEqual({
      tracking_code: expect.stringMatching(/^EIBAN-[A-Z0-9]{8}-\d{10}$/),
      payment_url: expect.stringContaining("/pay/"),
      site: { id: t.site.id, name: expect.any(String) },
      customer,
      amount: 300,
      status: "showing",
      expires_at: expect.stringMatching(DATE_TIME),
    });
    const w = await callWithSite("/api/provider/start-eiban-withdraw", t.creds, t.site.credential_key, {
      ...customer,
      iban: IBAN,
      amount: 40,
    });
    expect(w.json.data).toEqual({
      tracking_code: expect.stringMatching(/^EIBAN-WIT-[A-Z0-9]{8}-\d{10}$/),
      site: expect.any(Object),
      customer,
      iban: IBAN,
      amount: 40,
      status: "pending",
    });
    await prisma.dealer.update({ where: { id: t.dealer.id }, data: { eibanEnabled: false } });
    expect((await deposit(t, {}, "/api/provider/start-eiban-deposit")).json.message).toBe(
      "E-IBAN payment is not enabled for this dealer",
    );
  });

  it("an E-IBAN deposit without any wallet is 422", async () => {
    const t = await createTenant();
    const res = await callWithSite("/api/provider/start-eiban-deposit", t.creds, t.site.credential_key, {
      ...customer,
      amount: 10,
    });
    expect(res.status).toBe(422);
    expect(res.json.messages).toEqual(["No E-IBAN account is available for this dealer at the moment"]);
  });
});

describe("dealer manual IBAN", () => {
  it("offers an IBAN (DEP-) and takes withdrawal requests (WDR-)", async () => {
    const t = await tenantWithAccounts();
    const offer = await signedRequest(baseUrl, "/api/dealer/manual-iban/deposit", t.dealerCreds, {
      body: { username: "mehmet", userid: "d-1", fullname: "Mehmet Yılmaz", amount: "750.50" },
    });
    expect(offer.status).toBe(200);
    const data = offer.json.data as Record<string, string>;
    expect(offer.json).toMatchObject({ success: true, message: expect.any(String) });
    expect(data).toEqual({
      tracking_code: expect.stringMatching(/^DEP-[A-Z0-9]{8}-\d{10}$/),
      bank_name: expect.any(String),
      account_name: "Demo A.Ş.",
      iban_no: expect.stringMatching(/^TR\d{24}$/),
      amount: 750.5,
      formatted_iban: expect.any(String),
    });
    expect(String(data.formatted_iban).replaceAll(" ", "")).toBe(data.iban_no);
    expect(data.formatted_iban).toMatch(/^TR\d{2} \d{4} /);
    const wd = await signedRequest(baseUrl, "/api/dealer/manual-iban/withdraw", t.dealerCreds, {
      body: { username: "mehmet", userid: "d-1", amount: 99, recipient_name: "Mehmet Yılmaz", recipient_iban: IBAN },
    });
    expect(wd.json.data).toEqual({
      tracking_code: expect.stringMatching(/^WDR-[A-Z0-9]{8}-\d{10}$/),
      status: "pending",
      amount: 99,
      recipient_name: "Mehmet Yılmaz",
      recipient_iban: IBAN,
    });
    const bad = await signedRequest(baseUrl, "/api/dealer/manual-iban/withdraw", t.dealerCreds, {
      body: { username: "m", userid: "d", amount: 5, recipient_name: "M", recipient_iban: "TR00" },
    });
    expect(bad.status).toBe(422);
    await prisma.dealer.update({ where: { id: t.dealer.id }, data: { manualIbanEnabled: false } });
    const off = await signedRequest(baseUrl, "/api/dealer/manual-iban/deposit", t.dealerCreds, {
      body: { username: "m", userid: "d", fullname: "M", amount: 10 },
    });
    expect(off.status).toBe(403);
  });
});
