import { describe, expect, inject, it } from "vitest";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { createSite } from "@/lib/domain/sites/create-site";
import { addFundedWallet, createTenant } from "../support/fixtures";
import { callWithSite } from "../support/provider-calls";
import { signedRequest } from "../support/signed-request";

const baseUrl = inject("baseUrl");
const RECIPIENT = "TR330006100519786457841326";
const customer = { fullname: "Ayşe Kaya", username: "ayse.k", user_id: "u-100" };
const unique = () => String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
const idempotencyKey = () => ({ "idempotency-key": `key-${unique()}` });

async function tenantWithAccount() {
  const tenant = await createTenant();
  await addBankAccount(
    {
      dealerId: tenant.dealer.id,
      bankName: "Ziraat",
      accountName: "Demo A.Ş.",
      iban: ibanFromBban("TR", `00010${unique()}0`),
      minAmount: "1",
      maxAmount: "5000",
    },
    { label: "test" },
  );
  return tenant;
}

type Tenant = Awaited<ReturnType<typeof tenantWithAccount>>;
const deposit = (t: Tenant, credentialKey: string, headers: Record<string, string>) =>
  callWithSite("/api/provider/start-manual-deposit", t.creds, credentialKey, { ...customer, amount: 150 }, headers);
const recordFor = (key: Record<string, string>) =>
  prisma.idempotencyRecord.findFirstOrThrow({ where: { key: key["idempotency-key"] } });

/** A dealer wallet holding `balance` and a send-money of 100.00 from it, sent (again) with one Idempotency-Key. */
async function sendMoneyUnderOneKey(balance: string) {
  const tenant = await createTenant({ dealerMethods: ["eiban"] });
  const wallet = await addFundedWallet({
    dealerId: tenant.dealer.id,
    iban: ibanFromBban("TR", `00829${unique()}0`),
    balance,
  });
  const key = idempotencyKey();
  const body = {
    wallet_id: wallet.wallet_id,
    recipient_iban: RECIPIENT,
    recipient_name: "Mehmet Demir",
    amount: "100.00",
  };
  return {
    wallet,
    send: () => signedRequest(baseUrl, "/api/dealer/send-money", tenant.dealerCreds, { body, headers: key }),
  };
}

describe("send-money under an Idempotency-Key", () => {
  it("five concurrent retries and a late one move the money once and answer with the same transfer", async () => {
    const { wallet, send } = await sendMoneyUnderOneKey("1000.00");
    const answers = await Promise.all(Array.from({ length: 5 }, send));
    const created = answers.filter((a) => a.status === 200);
    expect(created.length).toBeGreaterThanOrEqual(1);
    // A retry that arrives while the first is running is told so; it never creates.
    expect(answers.filter((a) => a.status !== 200).map((a) => a.json.error)).toEqual(
      answers.filter((a) => a.status !== 200).map(() => "Request in progress"),
    );
    const transferIds = new Set(created.map((a) => (a.json.transfer as { transfer_id: string }).transfer_id));
    expect(transferIds.size).toBe(1);
    const late = await send();
    expect(late.status).toBe(200);
    expect(late.headers["idempotent-replayed"]).toBe("true");
    expect(late.json).toEqual(created[0]!.json);
    expect(await prisma.transfer.count({ where: { walletId: wallet.id } })).toBe(1);
    const after = await prisma.eibanWallet.findUniqueOrThrow({ where: { id: wallet.id } });
    expect(after.availableBalance.toFixed(2)).toBe("900.00");
  });

  it("a refusal is an answer too: replayed for the same key, and nothing reserved", async () => {
    const { wallet, send } = await sendMoneyUnderOneKey("50.00");
    const first = await send();
    expect(first.status).toBe(422);
    expect(first.json).toMatchObject({ error_code: "INSUFFICIENT_BALANCE" });
    const again = await send();
    expect(again.status).toBe(422);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await prisma.transfer.count({ where: { walletId: wallet.id } })).toBe(0);
  });
});

describe("Idempotency-Key fingerprint", () => {
  it("the same key and body for another site of the same provider is another request, not a replay", async () => {
    const t = await tenantWithAccount();
    const other = await createSite(
      {
        providerId: t.provider.id,
        dealerId: t.dealer.id,
        name: `Second ${unique()}`,
        returnUrl: "https://site.example/back",
      },
      { label: "test" },
    );
    const key = idempotencyKey();
    const first = await deposit(t, t.site.credential_key, key);
    expect(first.status).toBe(200);
    const second = await deposit(t, other.credential_key, key);
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ success: false, error: "Idempotency key reused" });
    expect(await prisma.transaction.count({ where: { siteId: t.site.id } })).toBe(1);
    expect(await prisma.transaction.count({ where: { siteId: other.id } })).toBe(0);
  });
});

describe("a claim whose request died", () => {
  it("answers the retry from the create that committed before the answer was stored", async () => {
    const t = await tenantWithAccount();
    const key = idempotencyKey();
    const first = await deposit(t, t.site.credential_key, key);
    expect(first.status).toBe(200);
    // The state a process killed between the create's commit and storing its answer leaves behind.
    const record = await recordFor(key);
    await prisma.$executeRaw`UPDATE idempotency_records SET status_code = 0, response_body = '{}'::json, claim_token = 'dead', locked_until = now() - interval '1 second' WHERE id = ${record.id}`;
    const retry = await deposit(t, t.site.credential_key, key);
    expect(retry.status).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    const data = (body: Record<string, unknown>) => body.data as Record<string, unknown>;
    expect(data(retry.json)).toEqual(data(first.json));
    expect(await prisma.transaction.count({ where: { siteId: t.site.id } })).toBe(1);
    expect(await recordFor(key)).toMatchObject({ statusCode: 200, transactionId: record.transactionId });
    expect(record.transactionId).not.toBeNull();
  });

  it("runs afresh once the lease lapses when nothing had committed, and is busy with Retry-After before", async () => {
    const t = await tenantWithAccount();
    const sibling = idempotencyKey();
    expect((await deposit(t, t.site.credential_key, sibling)).status).toBe(200);
    const { requestHash, scope } = await recordFor(sibling);
    // A claim taken by a request that died before its create committed: same request, nothing linked.
    const key = idempotencyKey();
    await prisma.$executeRaw`
      INSERT INTO idempotency_records (scope, key, request_hash, status_code, response_body, claim_token, locked_until)
      VALUES (${scope}, ${key["idempotency-key"]}, ${requestHash}, 0, '{}'::json, 'dead', now() + interval '30 seconds')`;
    const busy = await deposit(t, t.site.credential_key, key);
    expect(busy.status).toBe(409);
    expect(busy.json).toMatchObject({ error: "Request in progress" });
    expect(Number(busy.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    await prisma.$executeRaw`UPDATE idempotency_records SET locked_until = now() - interval '1 second' WHERE key = ${key["idempotency-key"]}`;
    const retry = await deposit(t, t.site.credential_key, key);
    expect(retry.status).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    expect(await prisma.transaction.count({ where: { siteId: t.site.id } })).toBe(2);
    expect(await recordFor(key)).toMatchObject({ statusCode: 200, transactionId: expect.any(Number) });
  });
});
