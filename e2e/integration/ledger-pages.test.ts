import { beforeAll, describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { formatDateTime } from "@/lib/base/time/format";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { createSite } from "@/lib/domain/sites/create-site";
import { en } from "@/lib/edge/i18n/console/en";
import { consoleSession, csvRecords, pageText, type ConsoleSession } from "../support/console-session";
import { createTenant } from "../support/fixtures";
import { builtServerActions, postServerAction } from "../support/server-actions";
import { insertTransaction } from "../support/transactions";

const baseUrl = inject("baseUrl");
const today = formatDateTime(new Date()).slice(0, 10);

type Tenant = Awaited<ReturnType<typeof createTenant>>;
let a: Tenant;
let b: Tenant;
let admin: ConsoleSession;
let dealerA: ConsoleSession;
let providerA: ConsoleSession;
let dealerB: ConsoleSession;
/** The four parties' names, as the pages show them. */
let n: Record<"pA" | "dA" | "pB" | "dB", string>;

/** Three pairs with money: provider A with dealer A (1,000.00) and with dealer B (300.00), provider B with dealer B (200.00). */
beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  const shared = await createSite(
    {
      providerId: a.provider.id,
      dealerId: b.dealer.id,
      name: `Shared ${a.provider.id}`,
      returnUrl: "https://site.example/back",
    },
    { label: "test" },
  );
  const deposits = [
    await insertTransaction(a, { amount: "1000.00" }),
    await insertTransaction(b, { amount: "200.00" }),
    await insertTransaction({ provider: a.provider, dealer: b.dealer, site: shared }, { amount: "300.00" }),
  ];
  for (const d of deposits) await approveDeposit(d.id, { label: "ops" });
  const name = async (kind: "provider" | "dealer", id: number) =>
    (kind === "provider"
      ? await prisma.provider.findUniqueOrThrow({ where: { id } })
      : await prisma.dealer.findUniqueOrThrow({ where: { id } })
    ).name;
  n = {
    pA: await name("provider", a.provider.id),
    dA: await name("dealer", a.dealer.id),
    pB: await name("provider", b.provider.id),
    dB: await name("dealer", b.dealer.id),
  };
  [admin, dealerA, providerA, dealerB] = await Promise.all([
    consoleSession(baseUrl, "admin"),
    consoleSession(baseUrl, "dealer", { dealerId: a.dealer.id }),
    consoleSession(baseUrl, "provider", { providerId: a.provider.id }),
    consoleSession(baseUrl, "dealer", { dealerId: b.dealer.id }),
  ]);
});

/** The visible text of each pair row of the Balances page (the dropdowns name every provider and dealer an admin may pick). */
function pageRows(html: string): string[] {
  return [...html.matchAll(/<tr[^>]*data-testid="balance-row"[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => pageText(m[1]!));
}

async function balanceRows(session: ConsoleSession, query = ""): Promise<string[][]> {
  const res = await session.get(`/console/balances/export${query}`);
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toContain("text/csv");
  return csvRecords(res.text).rows;
}

describe("Balances: each role sees its own pairs", () => {
  it("lists the pairs on the page and in the CSV within the viewer's tenant", async () => {
    const rows = pageRows((await admin.get(`/console/balances?providerId=${a.provider.id}`)).text);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.includes(n.dA))).toContain("1,000.00");
    expect(rows.find((row) => row.includes(n.dB))).toContain("300.00");
    expect(rows.join(" ")).not.toContain(n.pB);

    const dealerPage = await dealerA.get("/console/balances");
    expect(dealerPage.status).toBe(200);
    expect(pageText(dealerPage.text)).toContain(n.pA);
    for (const other of [n.pB, n.dB]) expect(pageText(dealerPage.text)).not.toContain(other);

    // Rows: as_of, provider_id, provider, dealer_id, dealer, owed, service fees, commission.
    const pairsOf = (rows: string[][]) => rows.map((r) => `${r[1]}:${r[3]}`).sort();
    expect(pairsOf(await balanceRows(dealerA))).toEqual([`${a.provider.id}:${a.dealer.id}`]);
    expect(pairsOf(await balanceRows(providerA))).toEqual(
      [`${a.provider.id}:${a.dealer.id}`, `${a.provider.id}:${b.dealer.id}`].sort(),
    );
    expect(pairsOf(await balanceRows(dealerB))).toEqual(
      [`${a.provider.id}:${b.dealer.id}`, `${b.provider.id}:${b.dealer.id}`].sort(),
    );
    // Naming another tenant's side shows nothing of it.
    expect(await balanceRows(dealerA, `?dealerId=${b.dealer.id}`)).toEqual([]);
    expect(pageText((await dealerA.get(`/console/balances?dealerId=${b.dealer.id}`)).text)).not.toContain(n.pB);
    expect(await balanceRows(providerA, `?providerId=${b.provider.id}`)).toEqual([]);
    // The admin's filter, and a moment before any of it: the pairs are there, at zero.
    expect(
      (await balanceRows(admin, `?providerId=${a.provider.id}&dealerId=${a.dealer.id}`)).map((r) => r.slice(5)),
    ).toEqual([["1000.00", "0.00", "0.00"]]);
    expect(
      (await balanceRows(admin, `?providerId=${a.provider.id}&dealerId=${a.dealer.id}&day=2020-01-01&time=12:00`)).map(
        (r) => [r[0], ...r.slice(5)],
      ),
    ).toEqual([["2020-01-01 12:00:00", "0.00", "0.00", "0.00"]]);
  });

  it("the Statements page offers only the viewer's counterparties and pairs", async () => {
    const dealerPage = pageText((await dealerB.get("/console/statements")).text);
    for (const name of [n.pA, n.pB, n.dB]) expect(dealerPage).toContain(name);
    expect(dealerPage).not.toContain(n.dA);
    const providerPage = pageText((await providerA.get("/console/statements")).text);
    for (const name of [n.pA, n.dA, n.dB]) expect(providerPage).toContain(name);
    expect(providerPage).not.toContain(n.pB);
  });
});

describe("Statements: a pair outside the viewer's tenant is a 404", () => {
  const pair = (p: { id: number }, d: { id: number }) => `providerId=${p.id}&dealerId=${d.id}&day=${today}`;

  it("shows the viewer's own pairs and their CSV", async () => {
    const own = await dealerA.get(`/console/statements?${pair(a.provider, a.dealer)}`);
    expect(own.status).toBe(200);
    expect(pageText(own.text)).toContain(`${n.dA} owes ${n.pA} 1,000.00`);
    expect((await providerA.get(`/console/statements?${pair(a.provider, b.dealer)}`)).status).toBe(200);
    const csv = await providerA.get(
      `/console/statements/export?${pair(a.provider, b.dealer)}&from=${today}&to=${today}`,
    );
    expect(csv.status).toBe(200);
    const { header, rows } = csvRecords(csv.text);
    expect(header.slice(0, 6)).toEqual(["day", "provider_id", "provider", "dealer_id", "dealer", "opening"]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(expect.arrayContaining([today, n.pA, n.dB, "300.00", "dealer"]));
    // The Turkish-Excel variant of the same statement: `;`, decimal commas, a Turkish day and worded columns.
    const excel = await providerA.get(
      `/console/statements/export?${pair(a.provider, b.dealer)}&from=${today}&to=${today}&format=excel-tr`,
      { cookie: "console_lang=tr" },
    );
    expect(excel.headers["content-disposition"]).toMatch(/-excel-tr\.csv"$/);
    const sheet = csvRecords(excel.text, ";");
    expect(sheet.header.slice(0, 6)).toEqual([
      "Gün",
      "Sağlayıcı no",
      "Sağlayıcı",
      "Bayi no",
      "Bayi",
      "Açılış bakiyesi",
    ]);
    expect(sheet.rows[0]).toEqual(
      expect.arrayContaining([today.split("-").reverse().join("."), n.pA, n.dB, "300,00", "Bayi"]),
    );
  });

  it("answers another tenant's pair, or a provider the dealer never had money with, as a page that does not exist", async () => {
    expect((await dealerA.get(`/console/statements?${pair(b.provider, b.dealer)}`)).status).toBe(404);
    expect((await dealerA.get(`/console/statements?${pair(b.provider, a.dealer)}`)).status).toBe(404);
    expect((await providerA.get(`/console/statements?${pair(b.provider, b.dealer)}`)).status).toBe(404);
    expect((await dealerB.get(`/console/statements?${pair(a.provider, a.dealer)}`)).status).toBe(404);
    for (const [session, query] of [
      [dealerA, pair(b.provider, b.dealer)],
      [providerA, pair(b.provider, b.dealer)],
    ] as const) {
      const res = await session.get(`/console/statements/export?${query}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(n.dB);
    }
  });
});

describe("recording a settlement from the console", () => {
  const action = () => builtServerActions().find((x) => x.name === "recordSettlementAction")!;
  const form = (reference: string) => ({
    providerId: String(a.provider.id),
    dealerId: String(a.dealer.id),
    direction: "TO_PROVIDER",
    amount: "1.250,50",
    reference,
    paidOn: today,
    note: "",
  });

  it("is refused to dealer staff, provider viewers and callers without a session, and nothing is recorded", async () => {
    for (const cookie of [dealerA.cookie, providerA.cookie, undefined]) {
      const res = await postServerAction(baseUrl, action(), form("REFUSED-1"), cookie);
      expect(res.status).toBe(200);
      expect(res.text).toContain(en.errors.refused);
    }
    expect(await prisma.settlement.count({ where: { dealerId: a.dealer.id } })).toBe(0);
  });

  it("records for an admin, audited with the client IP; pressed again, it answers the recorded payment", async () => {
    const res = await postServerAction(baseUrl, action(), form("web 42"), admin.cookie, "127.0.0.23");
    expect(res.text).toContain("Recorded: 1,250.50");
    const settlement = await prisma.settlement.findFirstOrThrow({
      where: { dealerId: a.dealer.id, reference: "WEB 42" },
    });
    expect(settlement.amount.toFixed(2)).toBe("1250.50");
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { action: "settlement.create", entityId: String(settlement.id) },
    });
    expect(audit).toMatchObject({ ip: "127.0.0.23", actorLabel: admin.email, actorUserId: admin.id });
    const again = await postServerAction(baseUrl, action(), form("WEB 42"), admin.cookie);
    expect(again.text).toContain("Already recorded");
    expect(await prisma.settlement.count({ where: { dealerId: a.dealer.id } })).toBe(1);
    // The statement shows it and the closing moved; provider viewers read "staff" for who recorded it.
    const statement = pageText(
      (await admin.get(`/console/statements?providerId=${a.provider.id}&dealerId=${a.dealer.id}`)).text,
    );
    expect(statement).toContain("WEB 42");
    expect(statement).toContain(`${n.pA} owes ${n.dA} 250.50`);
    const viewer = pageText(
      (await providerA.get(`/console/statements?providerId=${a.provider.id}&dealerId=${a.dealer.id}`)).text,
    );
    expect(viewer).toContain("WEB 42");
    expect(viewer).not.toContain(admin.email);
    // Another amount under the same reference: refused in words, nothing recorded.
    const other = await postServerAction(baseUrl, action(), { ...form("WEB 42"), amount: "10" }, admin.cookie);
    expect(other.text).toContain("is already recorded for this provider, dealer and direction");
    expect(await prisma.settlement.count({ where: { dealerId: a.dealer.id } })).toBe(1);
  });
});
