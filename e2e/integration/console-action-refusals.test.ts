import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { formatIban } from "@/lib/base/iban/iban";
import { formatMoney } from "@/lib/base/money/format-money";
import { customerDecision } from "@/lib/domain/customers/customer-actions";
import { en } from "@/lib/edge/i18n/console/en";
import { tr } from "@/lib/edge/i18n/console/tr";
import { startCallbackReceiver } from "../support/callback-receiver";
import { consoleSession } from "../support/console-session";
import { callWithSite } from "../support/provider-calls";
import { builtServerActions, postServerAction, type BuiltAction } from "../support/server-actions";
import { dealerReadyForSites, issueSiteIntegration } from "../support/site-integrations";

const baseUrl = inject("baseUrl");
const REFUSED = en.errors.refused;
const SECRET_NAME = "Gizlibilgi Müşterioğlu";
const SECRET_AMOUNT = "1234.56";

/**
 * Console actions that act only on the caller's own things and take no record id (their dealer's wallets and
 * card callback URL, their own second factor): for dealer B they may succeed, on B's own.
 */
const OWN_TENANT_ONLY = new Set([
  "reconcileAction",
  "sendTestCallbackAction",
  "startTotpAction",
  "confirmTotpAction",
  "disableTotpAction",
]);

let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
beforeAll(async () => {
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver.close());

/** Dealer A's records, and every piece of them that must never reach another caller. */
async function dealerARecords() {
  const a = await dealerReadyForSites({ callbackUrl: receiver.url });
  const start = (amount: number, user: string) =>
    callWithSite("/api/provider/start-manual-deposit", a.creds, a.site.credential_key, {
      fullname: SECRET_NAME,
      username: user,
      user_id: user,
      amount,
    });
  const deposit = await start(Number(SECRET_AMOUNT), "gizli-1");
  const canceled = await start(Number(SECRET_AMOUNT), "gizli-2");
  expect(deposit.status).toBe(200);
  const row = await prisma.transaction.findUniqueOrThrow({
    where: { trackingCode: String((deposit.json.data as Record<string, unknown>).tracking_code) },
  });
  const other = await prisma.transaction.findUniqueOrThrow({
    where: { trackingCode: String((canceled.json.data as Record<string, unknown>).tracking_code) },
  });
  await prisma.transaction.update({ where: { id: row.id }, data: { status: "pending" } });
  // A cancel sends the provider a callback: dealer A's deliveries have a row to aim at.
  await customerDecision(other.paymentToken!, "cancel");
  const delivery = await prisma.callbackDelivery.findFirstOrThrow({ where: { transactionId: other.id } });
  const account = await prisma.bankAccount.findFirstOrThrow({ where: { dealerId: a.dealer.id } });
  const integration = await issueSiteIntegration(a.dealer.id, { name: "Gizli Mağaza Entegrasyonu" });
  const wallet = await prisma.eibanWallet.findUniqueOrThrow({ where: { id: a.wallet.id } });
  const dealer = await prisma.dealer.findUniqueOrThrow({ where: { id: a.dealer.id } });
  const provider = await prisma.provider.findUniqueOrThrow({ where: { id: a.provider.id } });
  const secrets = [
    SECRET_NAME,
    SECRET_AMOUNT,
    formatMoney(SECRET_AMOUNT, "en"),
    formatMoney(SECRET_AMOUNT, "tr"),
    "1,234.56",
    "1.234,56",
    row.trackingCode,
    other.trackingCode,
    account.iban,
    formatIban(account.iban),
    account.accountName,
    wallet.iban,
    dealer.name,
    provider.name,
    integration.name,
  ];
  return { a, row, delivery, account, integration, secrets };
}

type Records = Awaited<ReturnType<typeof dealerARecords>>;

/** The id each console action takes, pointed at one of dealer A's records; admin-only actions get dealer A's ids. */
function formFor(action: BuiltAction, r: Records, withTenantIds: boolean): Record<string, string> {
  const idOf: Record<string, number> = {
    "bank-accounts": r.account.id,
    "eiban-wallets": r.a.wallet.id,
    deliveries: r.delivery.id,
    "site-integration-actions": r.integration.id,
    dealers: r.a.dealer.id,
    providers: r.a.provider.id,
    sites: r.a.site.id,
  };
  const area = /site-integration-actions/.test(action.file)
    ? "site-integration-actions"
    : (/app\/console\/\(app\)\/([^/]+)\//.exec(action.file)?.[1] ?? "");
  const fields: Record<string, string> = {
    id: String(idOf[area] ?? r.row.id),
    amount: "1.00",
    reason: "checking the refusal",
    resolution: "checking the refusal",
    step: "take",
    line: "1",
    target: "dealer_credit_card",
    name: "Changed",
    iban: r.account.iban,
    password: "a-strong-password-123",
    graceSeconds: "0",
    // Valid values, so a refusal is about the record, not the attacker's own typing.
    bankName: "Changed Bank",
    accountName: "Changed Holder",
    minAmount: "1",
    maxAmount: "100",
    scopes: "settings",
    // The bulk decision names its deposits in a list.
    ids: String(r.row.id),
    decision: "approve",
  };
  if (withTenantIds)
    Object.assign(fields, {
      dealerId: String(r.a.dealer.id),
      providerId: String(r.a.provider.id),
      owner: `dealer:${r.a.dealer.id}`,
    });
  return fields;
}

function expectNothingOf(records: Records, action: BuiltAction, text: string) {
  for (const secret of records.secrets)
    expect(text, `${action.name} (${action.file}) answered with "${secret}"`).not.toContain(secret);
}

describe("console server actions refuse before they read", () => {
  const actions = builtServerActions();
  const consoleActions = actions.filter((a) => a.file.startsWith("app/console/"));

  it("are all found in the build's manifest", () => {
    expect(consoleActions.length).toBeGreaterThanOrEqual(35);
    expect(consoleActions.map((a) => a.name)).toContain("approveOrProposeDepositAction");
  });

  it("let an admin through with only the fields a panel posts (the refusals below are not the frame refusing everyone)", async () => {
    const records = await dealerARecords();
    const admin = await consoleSession(baseUrl, "admin");
    const whitelist = consoleActions.find((a) => a.name === "providerWhitelistAction")!;
    const saved = await postServerAction(
      baseUrl,
      whitelist,
      { id: String(records.a.provider.id), ipWhitelist: "127.0.0.1" },
      admin.cookie,
    );
    expect(saved.text).toContain('"ok"');
    expect(saved.text).not.toContain(REFUSED);
    const reject = consoleActions.find((a) => a.name === "rejectDepositAction")!;
    const rejected = await postServerAction(
      baseUrl,
      reject,
      { id: String(records.row.id), reason: "no money arrived" },
      admin.cookie,
    );
    expect(rejected.text).toContain('"ok"');
    // A manual deposit's rejection is its cancel (the deposit lifecycle has no "rejected").
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: records.row.id } })).status).toBe("canceled");
  });

  it("name the caller's client IP on the audit entry of an approval", async () => {
    const records = await dealerARecords();
    const admin = await consoleSession(baseUrl, "admin");
    const approve = consoleActions.find((a) => a.name === "approveOrProposeDepositAction")!;
    const requested = records.row.amount.toFixed(2);
    const res = await postServerAction(
      baseUrl,
      approve,
      { id: String(records.row.id), amount: requested, reason: "", reference: "" },
      admin.cookie,
      "127.0.0.23",
    );
    expect(res.text).toContain('"ok"');
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: records.row.id } })).status).toBe("completed");
    // The request left from 127.0.0.23 (the session was signed in from another address): the frame's actor carries it to the entry.
    const entries = await prisma.auditLog.findMany({
      where: { entityType: "transaction", entityId: String(records.row.id) },
    });
    expect(entries.map((e) => e.action)).toContain("transaction.completed");
    for (const entry of entries)
      expect(entry, entry.action).toMatchObject({ ip: "127.0.0.23", actorLabel: admin.email });
  });

  it("answer a caller without a session with the one refusal and nothing of any record", async () => {
    const records = await dealerARecords();
    for (const action of consoleActions) {
      const res = await postServerAction(baseUrl, action, formFor(action, records, true));
      expect(res.status, `${action.name} (${action.file})`).toBe(200);
      expect(res.text, `${action.name} (${action.file})`).toContain(REFUSED);
      expectNothingOf(records, action, res.text);
    }
    // The finding as reported: another amount and no reason, which once answered with the stored amount.
    const approve = consoleActions.find((a) => a.name === "approveOrProposeDepositAction")!;
    const reported = await postServerAction(baseUrl, approve, { id: String(records.row.id), amount: "1.00" });
    expect(reported.status).toBe(200);
    expect(reported.text).toContain(REFUSED);
    expectNothingOf(records, approve, reported.text);
    // Nothing was changed on the way.
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: records.row.id } })).status).toBe("pending");
  });

  it("answer dealer B's staff acting on dealer A's records with the one refusal, in either language", async () => {
    const records = await dealerARecords();
    const b = await dealerReadyForSites();
    const staffB = await consoleSession(baseUrl, "dealer", { dealerId: b.dealer.id });
    for (const withTenantIds of [true, false]) {
      for (const action of consoleActions) {
        const form = formFor(action, records, withTenantIds);
        const res = await postServerAction(baseUrl, action, form, staffB.cookie);
        const label = `${action.name} (${action.file}) ${withTenantIds ? "naming dealer A" : "by record id"}`;
        expect(res.status, label).toBe(200);
        expectNothingOf(records, action, res.text);
        if (!OWN_TENANT_ONLY.has(action.name)) expect(res.text, label).toContain(REFUSED);
      }
    }
    const approve = consoleActions.find((a) => a.name === "approveOrProposeDepositAction")!;
    const turkish = await postServerAction(
      baseUrl,
      approve,
      formFor(approve, records, false),
      `${staffB.cookie}; console_lang=tr`,
    );
    expect(turkish.text).toContain(tr.errors.refused);
    const after = await prisma.transaction.findUniqueOrThrow({ where: { id: records.row.id } });
    expect(after.status).toBe("pending");
    expect(await prisma.bankAccount.findUniqueOrThrow({ where: { id: records.account.id } })).toMatchObject({
      accountName: records.account.accountName,
      isActive: true,
    });
  });

  it("the customer-facing actions (payment page, sandbox) answer an unknown token with nothing of any record", async () => {
    const records = await dealerARecords();
    for (const action of actions.filter((a) => !a.file.startsWith("app/console/"))) {
      const res = await postServerAction(baseUrl, action, {
        token: "x".repeat(32),
        id: String(records.row.id),
        amount: "1.00",
        decision: "cancel",
        gateway: "1",
        session: "nope",
        reference: records.row.trackingCode,
        iban: records.account.iban,
      });
      expect(res.status, `${action.name} (${action.file})`).toBeLessThan(500);
      expectNothingOf(
        {
          ...records,
          secrets: records.secrets.filter(
            (s) =>
              s !== records.row.trackingCode && s !== records.account.iban && s !== formatIban(records.account.iban),
          ),
        },
        action,
        res.text,
      );
    }
  });
});
