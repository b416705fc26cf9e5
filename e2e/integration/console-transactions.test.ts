import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { confirmSecondApproval } from "@/lib/domain/approvals/second-approval";
import { createSite } from "@/lib/domain/sites/create-site";
import { formatDateTime } from "@/lib/base/time/format";
import { startCallbackReceiver } from "../support/callback-receiver";
import {
  consoleSession,
  csvRecords,
  linkedTransactionIds,
  pageText,
  type ConsoleSession,
} from "../support/console-session";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";

const baseUrl = inject("baseUrl");
// Every row this file creates carries the run marker, so searches ignore what other test files insert.
const run = randomCodeGroup(6).toLowerCase();

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Row = Awaited<ReturnType<typeof insertTransaction>>;
let a: Tenant;
let b: Tenant;
let providerAOnDealerB: { provider: { id: number }; dealer: { id: number }; site: { id: number } };
const tx: Record<"deposit" | "card" | "withdrawal" | "otherTenant" | "sharedSite" | "dealerApi", Row> = {} as never;
let admin: ConsoleSession;
let dealerA: ConsoleSession;
let providerA: ConsoleSession;

const ids = (rows: Row[]) => rows.map((r) => r.id).sort((x, y) => x - y);
const sorted = (list: number[]) => [...list].sort((x, y) => x - y);

async function listIds(session: ConsoleSession, query: string): Promise<number[]> {
  const page = await session.get(`/console/transactions?${query}`);
  expect(page.status).toBe(200);
  return sorted(linkedTransactionIds(page.text));
}

async function exportCsv(session: ConsoleSession, query: string) {
  const res = await session.get(`/console/transactions/export?${query}`);
  expect(res.status).toBe(200);
  return { res, ...csvRecords(res.text) };
}

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  // Provider A also sells through a site of dealer B: provider A sees its rows, dealer A does not.
  const shared = await createSite(
    { providerId: a.provider.id, dealerId: b.dealer.id, name: `Shared ${run}`, returnUrl: "https://site.example/back" },
    { label: "test" },
  );
  providerAOnDealerB = { provider: a.provider, dealer: b.dealer, site: shared };
  const day = (d: string) => new Date(`${d}T09:00:00Z`);
  tx.deposit = await insertTransaction(a, {
    username: `ali_${run}`,
    userId: `u-${run}-1`,
    amount: "100.00",
    createdAt: day("2026-03-10"),
  });
  tx.card = await insertTransaction(a, {
    method: "CREDIT_CARD",
    direction: "PAYMENT",
    status: "success",
    username: `ayse.${run}`,
    userId: `u-${run}-2`,
    amount: "250.50",
    createdAt: day("2026-03-11"),
  });
  tx.withdrawal = await insertTransaction(a, {
    method: "EIBAN",
    direction: "WITHDRAWAL",
    status: "completed",
    username: `=HYPERLINK("x")${run}`,
    fullname: 'Şule "Ş" Öz, İnci',
    userId: `u-${run}-3`,
    amount: "1000.00",
    finalAmount: "1000.00",
    createdAt: day("2026-03-12"),
  });
  tx.otherTenant = await insertTransaction(b, {
    username: `ali_${run}b`,
    userId: `u-${run}-4`,
    amount: "100.00",
    createdAt: day("2026-03-10"),
  });
  tx.sharedSite = await insertTransaction(providerAOnDealerB, {
    method: "TP_BANK",
    status: "completed",
    username: `veli${run}`,
    fullname: `Veli Kaya ${run}`,
    userId: `u-${run}-5`,
    amount: "75.00",
    createdAt: day("2026-03-13"),
  });
  tx.dealerApi = await insertTransaction(a, {
    origin: "DEALER",
    providerId: null,
    siteId: null,
    method: "CREDIT_CARD",
    direction: "PAYMENT",
    status: "pending",
    username: `dealerapi${run}`,
    userId: `dealerapi${run}`,
    amount: "42.00",
    createdAt: day("2026-03-14"),
  });
  [admin, dealerA, providerA] = await Promise.all([
    consoleSession(baseUrl, "admin"),
    consoleSession(baseUrl, "dealer", { dealerId: a.dealer.id }),
    consoleSession(baseUrl, "provider", { providerId: a.provider.id }),
  ]);
});

describe("transactions explorer: filters and pagination", () => {
  it("search matches username and full name (contains, any case), exact user_id and tracking code prefix", async () => {
    expect(await listIds(admin, `q=${run}`)).toEqual(ids(Object.values(tx)));
    expect(await listIds(admin, `q=ALI_${run.toUpperCase()}`)).toEqual(ids([tx.deposit, tx.otherTenant]));
    expect(await listIds(admin, `q=u-${run}-2`)).toEqual([tx.card.id]);
    // Every word typed must be in the name or username, in any order: every row here is an "Ayşe Kaya" but one.
    expect(await listIds(admin, `q=VELI kaya ${run.toUpperCase()}`)).toEqual([tx.sharedSite.id]);
    expect(await listIds(admin, `q=${run} veli`)).toEqual([tx.sharedSite.id]);
    expect(await listIds(admin, `q=${tx.card.trackingCode.slice(0, 12).toLowerCase()}`)).toEqual([tx.card.id]);
    // "_" matches itself, not any one character ("al__" would otherwise match "ali_").
    expect(await listIds(admin, `q=al__${run}`)).toEqual([]);
  });

  it("method, type, status, site, dealer, amount range and day range narrow the list", async () => {
    expect(await listIds(admin, `q=${run}&method=CREDIT_CARD`)).toEqual(ids([tx.card, tx.dealerApi]));
    expect(await listIds(admin, `q=${run}&direction=WITHDRAWAL`)).toEqual([tx.withdrawal.id]);
    expect(await listIds(admin, `q=${run}&status=completed`)).toEqual(ids([tx.withdrawal, tx.sharedSite]));
    expect(await listIds(admin, `q=${run}&siteId=${providerAOnDealerB.site.id}`)).toEqual([tx.sharedSite.id]);
    expect(await listIds(admin, `q=${run}&dealerId=${b.dealer.id}`)).toEqual(ids([tx.otherTenant, tx.sharedSite]));
    expect(await listIds(admin, `q=${run}&minAmount=250.5&maxAmount=1000`)).toEqual(ids([tx.card, tx.withdrawal]));
    expect(await listIds(admin, `q=${run}&from=2026-03-11&to=2026-03-12`)).toEqual(ids([tx.card, tx.withdrawal]));
  });

  it("says in words which filters it could not apply", async () => {
    const page = await admin.get(
      `/console/transactions?q=${run}&minAmount=abc&status=paid&from=2026-03-12&to=2026-03-11`,
    );
    const text = pageText(page.text);
    expect(text).toContain('Min amount "abc" is not understood, so it is not applied.');
    expect(text).toContain('Status "paid" is not understood, so it is not applied.');
    expect(text).toContain("The From date is after the To date, so nothing can match.");
    expect(text).toContain("No transactions match these filters.");
  });

  it("pages 50 at a time, newest first, without gaps or repeats", async () => {
    const c = await createTenant();
    const stamp = Date.now();
    await prisma.transaction.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        trackingCode: `PAGE-${run.toUpperCase()}-${i}`,
        method: "MANUAL_BANK" as const,
        direction: "DEPOSIT" as const,
        origin: "PROVIDER" as const,
        status: "pending" as const,
        providerId: c.provider.id,
        siteId: c.site.id,
        dealerId: c.dealer.id,
        userId: `p-${i}`,
        username: `pager${run}`,
        amount: "10.00",
        // Five rows share each instant, so the order's tie-break on id is exercised too.
        createdAt: new Date(stamp - Math.floor(i / 5) * 1000),
      })),
    });
    const expected = (
      await prisma.transaction.findMany({
        where: { username: `pager${run}` },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      })
    ).map((t) => t.id);
    const first = await admin.get(`/console/transactions?q=pager${run}`);
    const second = await admin.get(`/console/transactions?q=pager${run}&page=2`);
    expect(pageText(first.text)).toContain("Page 1 of 2");
    expect(pageText(first.text)).toContain("55 matching");
    expect([...linkedTransactionIds(first.text), ...linkedTransactionIds(second.text)]).toEqual(expected);
    expect(first.text).toContain(`href="/console/transactions?q=pager${run}&amp;page=2"`);
    expect(pageText((await admin.get(`/console/transactions?q=pager${run}&page=9`)).text)).toContain(
      "This page is past the last one",
    );
  });
});

describe("CSV export", () => {
  it("holds the filtered set with quoting, formula guards, exact money and a dated attachment name", async () => {
    const { res, header, rows } = await exportCsv(admin, `q=${run}&status=completed`);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="transactions-${formatDateTime(new Date()).slice(0, 10)}.csv"`,
    );
    expect(res.text.startsWith("\uFEFFtracking_code,created_at,")).toBe(true);
    expect(header).toEqual([
      "tracking_code",
      "created_at",
      "completed_at",
      "method",
      "type",
      "origin",
      "status",
      "provider",
      "dealer",
      "site",
      "user_id",
      "username",
      "fullname",
      "amount",
      "final_amount",
      "currency",
      "order_id",
      "error_code",
    ]);
    expect(rows.map((r) => r[0])).toEqual([tx.sharedSite.trackingCode, tx.withdrawal.trackingCode]);
    const withdrawal = Object.fromEntries(header.map((h, i) => [h, rows[1]![i]]));
    expect(withdrawal).toMatchObject({
      created_at: "2026-03-12 12:00:00",
      method: "EIBAN",
      type: "WITHDRAWAL",
      status: "completed",
      username: `'=HYPERLINK("x")${run}`,
      fullname: 'Şule "Ş" Öz, İnci',
      amount: "1000.00",
      final_amount: "1000.00",
      currency: "TRY",
    });
    expect(res.text).toContain(`"'=HYPERLINK(""x"")${run}"`);
  });

  it("has a Turkish-Excel variant: semicolons, decimal commas, Turkish times and worded columns and statuses", async () => {
    const res = await admin.get(`/console/transactions/export?q=${run}&status=completed&format=excel-tr`, {
      cookie: "console_lang=tr",
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="transactions-${formatDateTime(new Date()).slice(0, 10)}-excel-tr.csv"`,
    );
    const { header, rows } = csvRecords(res.text, ";");
    expect(header.slice(0, 7)).toEqual(["Takip kodu", "Oluşturulma", "Tamamlanma", "Yöntem", "Tür", "Kaynak", "Durum"]);
    expect(rows.map((r) => r[0])).toEqual([tx.sharedSite.trackingCode, tx.withdrawal.trackingCode]);
    const withdrawal = Object.fromEntries(header.map((h, i) => [h, rows[1]![i]]));
    expect(withdrawal).toMatchObject({
      Oluşturulma: "12.03.2026 12:00:00",
      Yöntem: "E-IBAN",
      Tür: "Çekim",
      Durum: "tamamlandı",
      "Ad soyad": 'Şule "Ş" Öz, İnci',
      Tutar: "1000,00",
      "Son tutar": "1000,00",
    });
    // Quotes in a name are still doubled inside a quoted cell; the semicolon alone separates cells.
    expect(res.text).toContain(';"Şule ""Ş"" Öz, İnci";');
    // The machine CSV is unchanged beside it (its columns are a contract for scripts).
    expect((await exportCsv(admin, `q=${run}&status=completed`)).header[0]).toBe("tracking_code");
  });

  it("streams a set larger than one batch completely, ties included", async () => {
    const d = await createTenant();
    const at = new Date();
    await prisma.transaction.createMany({
      data: Array.from({ length: 2345 }, (_, i) => ({
        trackingCode: `BULK-${run.toUpperCase()}-${String(i).padStart(4, "0")}`,
        method: "MANUAL_BANK" as const,
        direction: "DEPOSIT" as const,
        origin: "PROVIDER" as const,
        status: "completed" as const,
        providerId: d.provider.id,
        siteId: d.site.id,
        dealerId: d.dealer.id,
        userId: `b-${i}`,
        username: `bulk${run}`,
        amount: "1.00",
        // Batches of 1000 end inside runs of equal created_at: the cursor must not skip or repeat them.
        createdAt: new Date(at.getTime() - Math.floor(i / 700) * 1000),
      })),
    });
    const { rows } = await exportCsv(admin, `q=bulk${run}`);
    expect(rows).toHaveLength(2345);
    expect(new Set(rows.map((r) => r[0])).size).toBe(2345);
  }, 60_000);

  it("is recorded in the audit log with its filters", async () => {
    await exportCsv(admin, `q=${run}&method=EIBAN`);
    const entry = await prisma.auditLog.findFirstOrThrow({
      where: { actorUserId: admin.id, action: "transactions.export" },
      orderBy: { id: "desc" },
    });
    expect(entry.after).toEqual({ filters: { q: run, method: "EIBAN" } });
  });
});

describe("tenant isolation", () => {
  it("dealer staff see their dealer's transactions only, whatever ids they put in the URL", async () => {
    const own = ids([tx.deposit, tx.card, tx.withdrawal, tx.dealerApi]);
    expect(await listIds(dealerA, `q=${run}`)).toEqual(own);
    expect(await listIds(dealerA, `q=${run}&dealerId=${b.dealer.id}`)).toEqual([]);
    expect(await listIds(dealerA, `q=${run}&siteId=${providerAOnDealerB.site.id}`)).toEqual([]);
    expect(await listIds(dealerA, `q=${tx.otherTenant.trackingCode}`)).toEqual([]);
    expect((await dealerA.get(`/console/transactions/${tx.deposit.id}`)).status).toBe(200);
    for (const other of [tx.otherTenant, tx.sharedSite])
      expect((await dealerA.get(`/console/transactions/${other.id}`)).status).toBe(404);
    const csv = await exportCsv(dealerA, `q=${run}`);
    expect(csv.rows.map((r) => r[0]).sort()).toEqual(
      [tx.deposit, tx.card, tx.withdrawal, tx.dealerApi].map((t) => t.trackingCode).sort(),
    );
    expect((await exportCsv(dealerA, `dealerId=${b.dealer.id}`)).rows).toEqual([]);
    expect((await exportCsv(dealerA, `providerId=${b.provider.id}`)).rows).toEqual([]);
  });

  it("provider viewers see their provider's transactions only, on every dealer's sites", async () => {
    const own = ids([tx.deposit, tx.card, tx.withdrawal, tx.sharedSite]);
    expect(await listIds(providerA, `q=${run}`)).toEqual(own);
    expect(await listIds(providerA, `q=${run}&providerId=${b.provider.id}`)).toEqual([]);
    for (const other of [tx.otherTenant, tx.dealerApi])
      expect((await providerA.get(`/console/transactions/${other.id}`)).status).toBe(404);
    expect((await exportCsv(providerA, `q=${run}`)).rows.map((r) => r[0]).sort()).toEqual(
      [tx.deposit, tx.card, tx.withdrawal, tx.sharedSite].map((t) => t.trackingCode).sort(),
    );
    expect((await exportCsv(providerA, `siteId=${b.site.id}`)).rows).toEqual([]);
  });

  it("a provider viewer's detail page has no controls that change anything; dealer staff get refund", async () => {
    const viewer = await providerA.get(`/console/transactions/${tx.card.id}`);
    expect(viewer.status).toBe(200);
    const main = viewer.text.slice(viewer.text.indexOf("<main"));
    expect(main).not.toMatch(/<button|<form/);
    const staff = pageText((await dealerA.get(`/console/transactions/${tx.card.id}`)).text);
    expect(staff).toContain("Refund");
  });

  it("nonsense and out-of-range ids are 404, and nobody signed out reaches the explorer or its export", async () => {
    for (const path of ["abc", "0", "99999999999", "1e3", String(2 ** 31)])
      expect((await admin.get(`/console/transactions/${path}`)).status).toBe(404);
    const anonymous = { get: (path: string) => fetch(`${baseUrl}${path}`, { redirect: "manual" }) };
    const list = await anonymous.get("/console/transactions");
    expect(list.headers.get("location")).toMatch(/\/console\/login$/);
    const csv = await anonymous.get("/console/transactions/export");
    expect(csv.status).toBe(303);
    expect(csv.headers.get("location")).toBe("/console/login");
  });
});

describe("transaction detail", () => {
  let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
  beforeAll(async () => {
    receiver = await startCallbackReceiver(() => ({ status: 503, body: "maintenance" }));
  });
  afterAll(() => receiver.close());

  it("shows the customer, the money, every state change with who made it, and the callback attempts", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const deposit = await insertTransaction(t, {
      username: `detail${run}`,
      email: "ayse@example.com",
      phone: "+905551112233",
      amount: "1500.00",
    });
    // A differing amount takes two admins: another proposes it, this admin confirms it (four eyes).
    const proposed = await approveDeposit(deposit.id, { label: "first.admin@test" }, "1499.90", "fee");
    if (proposed.outcome !== "proposed") throw new Error("a differing amount needs a second admin");
    await confirmSecondApproval(proposed.proposal.id, { userId: admin.id, label: admin.email });
    await receiver.forTrackingCode(deposit.trackingCode, 1);
    const viewer = await consoleSession(baseUrl, "provider", { providerId: t.provider.id });
    await expect
      .poll(async () => pageText((await admin.get(`/console/transactions/${deposit.id}`)).text), { timeout: 10_000 })
      .toMatch(/1 \d{4}-\d\d-\d\d [\d:]+ \d+ ms HTTP 503/);
    const text = pageText((await admin.get(`/console/transactions/${deposit.id}`)).text);
    for (const expected of [
      "Ayşe Kaya",
      `detail${run}`,
      "ayse@example.com",
      "+905551112233",
      "1,500.00 TL",
      "1,499.90 TL",
      "pending → completed",
      admin.email,
      "Approved",
      "Deposit",
      "status sent: completed",
      receiver.url,
    ]) {
      expect(text).toContain(expected);
    }
    // Provider viewers see that staff acted, not who.
    const viewerText = pageText((await viewer.get(`/console/transactions/${deposit.id}`)).text);
    expect(viewerText).toContain("pending → completed Staff");
    expect(viewerText).not.toContain(admin.email);
    expect(viewerText).not.toContain("first.admin@test");
    expect(viewerText).toContain("Approved by Staff, confirmed by Staff");
  });
});

describe("audit log", () => {
  it("admins read who changed what, with before and after, filtered by entity, actor and day", async () => {
    const { updateProviderSettings } = await import("@/lib/domain/providers/update-provider-settings");
    const actor = `auditor-${run}@integration.test`;
    await updateProviderSettings(
      a.provider.id,
      { rateLimitPerMinute: 77, embedOrigins: "https://casino.example" },
      { label: actor, ip: "203.0.113.5" },
    );
    const page = await admin.get(
      `/console/audit?entityType=provider&entityId=${a.provider.id}&actor=${encodeURIComponent(`AUDITOR-${run}`)}`,
    );
    expect(page.status).toBe(200);
    const text = pageText(page.text);
    expect(text).toContain("1 matching");
    // The action in words; its key only among the entry's data as recorded.
    expect(text).toContain(`Provider: settings changed Provider #${a.provider.id}`);
    expect(text).toMatch(/as recorded provider\.settings before:/);
    expect(text).toContain(`Provider #${a.provider.id}`);
    expect(text).toContain("from 203.0.113.5");
    expect(text).toMatch(/requests per minute ?: \(empty\) → 77/);
    expect(text).toMatch(/embedding origins ?: \(none\) → https:\/\/casino\.example/);
    const today = formatDateTime(new Date()).slice(0, 10);
    expect(pageText((await admin.get(`/console/audit?actor=auditor-${run}&from=${today}&to=${today}`)).text)).toContain(
      "1 matching",
    );
    expect(pageText((await admin.get(`/console/audit?actor=auditor-${run}&to=2000-01-01`)).text)).toContain(
      "No audit entries match these filters.",
    );
    expect(
      pageText((await admin.get(`/console/audit?actor=${encodeURIComponent(admin.email)}&action=transactions.`)).text),
    ).toContain("transactions.export");
  });

  it("staff decisions on transactions are audited with the status before and after, linked to the transaction", async () => {
    const deposit = await insertTransaction(a, { username: `approve${run}`, amount: "300.00" });
    await approveDeposit(deposit.id, { userId: dealerA.id, label: dealerA.email, dealerId: a.dealer.id }, "300.00");
    const page = await admin.get(`/console/audit?entityType=transaction&entityId=${deposit.id}`);
    const text = pageText(page.text);
    expect(text).toContain("1 matching");
    expect(text).toContain(`${dealerA.email} Transaction: completed Transaction #${deposit.id}`);
    expect(text).toMatch(/as recorded transaction\.completed before:/);
    expect(text).toMatch(/status ?: pending → completed/);
    expect(text).toMatch(/amount received ?: 300\.00/);
    expect(page.text).toContain(`href="/console/transactions/${deposit.id}"`);
  });

  it("is admin only: dealer staff and provider viewers get the no-access page (403)", async () => {
    expect((await dealerA.get("/console/audit")).status).toBe(403);
    expect((await providerA.get("/console/audit")).status).toBe(403);
  });
});
