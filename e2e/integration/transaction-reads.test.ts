/**
 * The read endpoints an integrator uses when a callback did not arrive (docs/integration.md "When a callback
 * did not arrive"): any transaction's status with its history, and the list for the nightly reconciliation,
 * paged by a keyset cursor while rows are being created.
 */
import { describe, expect, inject, it } from "vitest";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { formatDateTime } from "@/lib/base/time/format";
import {
  ACQUIRER,
  BANK,
  CUSTOMER,
  EXPIRY,
  staffActor,
  type TransitionActor,
} from "@/lib/domain/transactions/transition-actor";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import { createTenant } from "../support/fixtures";
import { signedRequest, type Credentials } from "../support/signed-request";
import { insertTransaction } from "../support/transactions";

const baseUrl = inject("baseUrl");
const STAFF = staffActor({ label: "ops@reads.test", viaCli: true });
const RECIPIENT = "TR330006100519786457841326";

const post = (creds: Credentials, path: string, body: unknown) => signedRequest(baseUrl, path, creds, { body });
const statusOf = (creds: Credentials, code: string) =>
  post(creds, "/api/provider/transaction/status", { tracking_code: code });
const move = (id: number, to: TransactionStatus, actor: TransitionActor) =>
  prisma.$transaction((tx) => transitionTransaction(tx, { id, to, actor }));

describe("POST /api/provider/transaction/status", () => {
  it("answers every method and both directions in one record shape, with the history in words", async () => {
    const tenant = await createTenant();
    const digits = `${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(-16).padStart(16, "0");
    await addBankAccount(
      {
        dealerId: tenant.dealer.id,
        bankName: "Reads Bank",
        accountName: "Reads A.Ş.",
        iban: ibanFromBban("TR", `00010${digits}0`),
        minAmount: "1",
        maxAmount: "100000",
      },
      { label: "test" },
    );
    const created = await signedRequest(baseUrl, "/api/provider/start-manual-deposit", tenant.creds, {
      middle: [tenant.site.credential_key],
      headers: { "x-credential-key": tenant.site.credential_key },
      body: { fullname: "Ayşe Kaya", username: "ayse.k", user_id: "user-42", amount: 150 },
    });
    expect(created.status).toBe(200);
    const manual = created.json.data as Record<string, unknown> & { tracking_code: string };
    const manualRow = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: manual.tracking_code } });
    await move(manualRow.id, "pending", CUSTOMER);
    await move(manualRow.id, "completed", STAFF);

    const withdrawal = await insertTransaction(tenant, { direction: "WITHDRAWAL", iban: RECIPIENT, amount: "300.00" });
    const eibanDeposit = await insertTransaction(tenant, {
      method: "EIBAN",
      status: "showing",
      expiresAt: new Date(Date.now() - 1000),
    });
    await move(eibanDeposit.id, "expired", EXPIRY);
    const eibanWithdrawal = await insertTransaction(tenant, {
      method: "EIBAN",
      direction: "WITHDRAWAL",
      iban: RECIPIENT,
      amount: "75.25",
    });
    await move(eibanWithdrawal.id, "processing", STAFF);
    await move(eibanWithdrawal.id, "completed", BANK);
    const card = await insertTransaction(tenant, {
      method: "CREDIT_CARD",
      direction: "PAYMENT",
      orderId: `ORD-${randomCodeGroup()}`,
    });
    await move(card.id, "success", ACQUIRER);
    const thirdParty = await Promise.all([
      insertTransaction(tenant, { method: "TP_BANK", status: "showing" }),
      insertTransaction(tenant, { method: "TP_CRYPTO", direction: "WITHDRAWAL", status: "pending" }),
      insertTransaction(tenant, { method: "TP_WALLET", status: "showing" }),
    ]);

    const manualStatus = await statusOf(tenant.creds, manual.tracking_code);
    expect(manualStatus.status).toBe(200);
    const data = manualStatus.json.data as Record<string, unknown>;
    // The create response's fields, as it wrote them, then the outcome.
    for (const field of ["tracking_code", "site", "customer", "amount", "expires_at", "created_at"])
      expect(data[field], field).toEqual(manual[field]);
    expect(data).toMatchObject({
      type: "deposit",
      payment_method: "manual",
      status: "completed",
      final_amount: 150,
      currency: "TRY",
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(data).not.toHaveProperty("iban");
    expect((data.history as { status: string; by: string }[]).map((h) => [h.status, h.by])).toEqual([
      ["showing", "api"],
      ["pending", "customer"],
      ["completed", "staff"],
    ]);

    const expected: [string, Record<string, unknown>, [string, string][]][] = [
      [
        withdrawal.trackingCode,
        { type: "withdrawal", payment_method: "manual", status: "pending", iban: RECIPIENT, amount: 300 },
        [],
      ],
      [
        eibanDeposit.trackingCode,
        { type: "deposit", payment_method: "eiban", status: "expired" },
        [["expired", "expiry"]],
      ],
      [
        eibanWithdrawal.trackingCode,
        {
          type: "withdrawal",
          payment_method: "eiban",
          status: "completed",
          iban: RECIPIENT,
          amount: 75.25,
          final_amount: 75.25,
        },
        [
          ["processing", "staff"],
          ["completed", "bank"],
        ],
      ],
      [
        card.trackingCode,
        { type: "payment", payment_method: "credit_card", status: "success", expires_at: null },
        [["success", "acquirer"]],
      ],
      [thirdParty[0].trackingCode, { type: "deposit", payment_method: "bank", status: "showing" }, []],
      [thirdParty[1].trackingCode, { type: "withdrawal", payment_method: "crypto", status: "pending" }, []],
      [thirdParty[2].trackingCode, { type: "deposit", payment_method: "wallet", status: "showing" }, []],
    ];
    for (const [code, fields, history] of expected) {
      const res = await statusOf(tenant.creds, code);
      expect(res.status, code).toBe(200);
      const record = res.json.data as Record<string, unknown>;
      expect(record, code).toMatchObject({
        tracking_code: code,
        site: { id: tenant.site.id },
        customer: { fullname: "Ayşe Kaya", username: "ayse.k", user_id: "user-42" },
        ...fields,
      });
      expect(
        (record.history as { status: string; by: string }[]).map((h) => [h.status, h.by]),
        code,
      ).toEqual(history);
    }
  });

  it("answers another provider's code exactly as a code that does not exist: 404, never 403", async () => {
    const [mine, theirs] = await Promise.all([createTenant(), createTenant()]);
    const foreign = await insertTransaction(theirs);
    expect((await statusOf(theirs.creds, foreign.trackingCode)).status).toBe(200);
    const asked = await statusOf(mine.creds, foreign.trackingCode);
    const missing = await statusOf(mine.creds, "MAN-NOPE0000-1");
    expect(asked.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(asked.json).toEqual({
      success: false,
      error: "Not found",
      message: `No transaction ${foreign.trackingCode}.`,
    });
    expect(missing.json).toEqual({ success: false, error: "Not found", message: "No transaction MAN-NOPE0000-1." });
    // A dealer's own transaction is not its provider's either.
    const dealerOwn = await insertTransaction(mine, { origin: "DEALER", providerId: null, siteId: null });
    expect((await statusOf(mine.creds, dealerOwn.trackingCode)).status).toBe(404);
  });
});

type ListPage = {
  data: { tracking_code: string; created_at: string }[];
  next_cursor: string | null;
  window: { from: string; to: string };
};

describe("POST /api/provider/transactions", () => {
  it("pages newest first with a keyset cursor while 1,000 rows are created: no row twice, none left out", async () => {
    const tenant = await createTenant();
    await prisma.provider.update({ where: { id: tenant.provider.id }, data: { rateLimitPerMinute: 100_000 } });
    const now = Date.now();
    const row = (createdAt: Date) => ({
      trackingCode: `MAN-${randomCodeGroup()}-${Math.floor(now / 1000)}`,
      method: "MANUAL_BANK" as const,
      direction: "DEPOSIT" as const,
      origin: "PROVIDER" as const,
      status: "pending" as const,
      providerId: tenant.provider.id,
      siteId: tenant.site.id,
      dealerId: tenant.dealer.id,
      userId: "u",
      username: "u",
      amount: "10.00",
      createdAt,
    });
    // 600 rows over the last two hours (ten minutes and more ago), several sharing a millisecond: ties go by id.
    const seeded = Array.from({ length: 600 }, (_, i) => row(new Date(now - 600_000 - Math.floor(i / 3) * 30_000)));
    await prisma.transaction.createMany({ data: seeded });
    const from = formatDateTime(new Date(now - 3 * 3_600_000));
    const to = formatDateTime(new Date(now + 3_600_000));

    // Created while the pages are read, each batch in flight with a page request: 500 now (newer than the
    // settled window) and 500 in the window's first minute, below every cursor the first ten pages hand out
    // (they read 370 of the 600 older rows), so the later pages must find them.
    const backdated = (batch: number, i: number) => new Date(now - 3 * 3_600_000 + 1000 + batch * 1000 + i);
    const insertBatch = (batch: number) =>
      Promise.all([
        prisma.transaction.createMany({ data: Array.from({ length: 50 }, () => row(new Date())) }),
        prisma.transaction.createMany({ data: Array.from({ length: 50 }, (_, i) => row(backdated(batch, i))) }),
      ]);

    const seen: string[] = [];
    const times: string[] = [];
    let cursor: string | undefined;
    let window: ListPage["window"] | undefined;
    let pages = 0;
    do {
      const request = post(tenant.creds, "/api/provider/transactions", {
        from,
        to,
        limit: 37,
        ...(cursor ? { cursor } : {}),
      });
      const [res] = await Promise.all([request, pages < 10 ? insertBatch(pages) : null]);
      expect(res.status, res.text).toBe(200);
      const page = res.json as unknown as ListPage;
      expect(page.data.length).toBeLessThanOrEqual(37);
      seen.push(...page.data.map((r) => r.tracking_code));
      times.push(...page.data.map((r) => r.created_at));
      window ??= page.window;
      expect(page.window).toEqual(window);
      cursor = page.next_cursor ?? undefined;
      pages++;
    } while (cursor);

    expect(pages).toBeGreaterThan(10);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...times].sort().reverse()).toEqual(times);
    // Exactly the rows of the window as it was answered: the 600 seeded and the 500 put below the cursor.
    expect(window!.from).toBe(from);
    expect(window!.to < formatDateTime(new Date(now))).toBe(true);
    const inWindow = await prisma.transaction.findMany({
      where: {
        providerId: tenant.provider.id,
        createdAt: { gte: new Date(now - 3 * 3_600_000), lt: new Date(now - 60_000) },
      },
      select: { trackingCode: true },
    });
    expect(inWindow).toHaveLength(1100);
    expect([...seen].sort()).toEqual(inWindow.map((r) => r.trackingCode).sort());
  }, 120_000);

  it("filters by site and status, keeps to the caller's rows and refuses a window over 31 days or a forged cursor", async () => {
    const [tenant, other] = await Promise.all([createTenant(), createTenant()]);
    const done = await insertTransaction(tenant, { status: "completed" });
    await insertTransaction(tenant);
    await insertTransaction(other);
    const from = formatDateTime(new Date(Date.now() - 3_600_000));
    const to = formatDateTime(new Date(Date.now() + 3_600_000));
    // Rows of the last minute wait for the next pass: these are made two minutes old.
    await prisma.transaction.updateMany({
      where: { providerId: { in: [tenant.provider.id, other.provider.id] } },
      data: { createdAt: new Date(Date.now() - 120_000) },
    });
    const all = await post(tenant.creds, "/api/provider/transactions", { from, to });
    expect((all.json as unknown as ListPage).data).toHaveLength(2);
    const completed = await post(tenant.creds, "/api/provider/transactions", {
      from,
      to,
      status: "completed",
      site_id: tenant.site.id,
    });
    expect((completed.json as unknown as ListPage).data.map((r) => r.tracking_code)).toEqual([done.trackingCode]);
    expect(
      (await post(tenant.creds, "/api/provider/transactions", { from, to, site_id: other.site.id })).json.data,
    ).toEqual([]);
    const long = await post(tenant.creds, "/api/provider/transactions", {
      from: "2026-01-01 00:00:00",
      to: "2026-02-01 00:00:01",
    });
    expect(long.status).toBe(422);
    expect(long.json).toEqual({
      success: false,
      error: "Validation failed",
      messages: ["The window from from to to must be at most 31 days"],
    });
    const forged = await post(tenant.creds, "/api/provider/transactions", { from, to, cursor: "bm90LWEtY3Vyc29y" });
    expect(forged.json).toEqual({
      success: false,
      error: "Validation failed",
      messages: ["cursor is not one this API answered"],
    });
    expect((await post(tenant.creds, "/api/provider/transactions", { from, to, limit: 501 })).status).toBe(422);
    // A month 13, a day 40 or an hour 25 is refused as the document's pattern says, before any reading.
    for (const impossible of ["2026-13-01 00:00:00", "2026-01-40 00:00:00", "2026-01-01 25:00:00"]) {
      const refused = await post(tenant.creds, "/api/provider/transactions", { from: impossible, to });
      expect(refused.json, impossible).toMatchObject({
        success: false,
        messages: ["from must be YYYY-MM-DD HH:MM:SS"],
      });
    }
  });
});
