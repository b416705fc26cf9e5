import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { foldText } from "@/lib/base/text/fold-text";
import { simulateIncomingPayment } from "@/lib/integrations/sandbox/bank/simulate-incoming";
import { startCallbackReceiver } from "../support/callback-receiver";
import { consoleSession, linkedTransactionIds, type ConsoleSession } from "../support/console-session";
import { addFundedWallet, createTenant } from "../support/fixtures";
import { callWithSite } from "../support/provider-calls";
import { insertTransaction } from "../support/transactions";

const baseUrl = inject("baseUrl");
// A marker in every name this file writes, so the searches ignore rows other files insert.
const run = randomCodeGroup(5)
  .toLowerCase()
  .replace(/[^a-z]/g, "q");
const unique = () => String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1e7)).padStart(7, "0");

type Tenant = Awaited<ReturnType<typeof createTenant>>;
let tenant: Tenant;
let dealer: ConsoleSession;
let ayse: number[];
let can: number;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  tenant = await createTenant({ callbackUrl: receiver.url });
  ayse = [];
  for (let i = 0; i < 3; i++)
    ayse.push((await insertTransaction(tenant, { fullname: `Ayşe Yılmaz ${run}`, username: `ay${run}${i}` })).id);
  can = (await insertTransaction(tenant, { fullname: `Can Öztürk ${run}`, username: `c${run}` })).id;
  // Names that share letters but not the words: never found by the searches below.
  await insertTransaction(tenant, { fullname: `Ayten Yıldız ${run}`, username: `at${run}` });
  await insertTransaction(tenant, { fullname: `Cansu Öz ${run}`, username: `cs${run}` });
  dealer = await consoleSession(baseUrl, "dealer", { dealerId: tenant.dealer.id });
});
afterAll(() => receiver.close());

async function found(path: string, q: string): Promise<number[]> {
  const page = await dealer.get(`${path}?q=${encodeURIComponent(q)}`);
  expect(page.status).toBe(200);
  return linkedTransactionIds(page.text).sort((a, b) => a - b);
}

describe("search folds Turkish spelling and case", () => {
  it("PostgreSQL's search_fold gives what foldText gives, letter for letter", async () => {
    const samples = [
      "AYŞE YILMAZ",
      "Ayşe Yılmaz",
      "İĞDE ÇİÇEĞİ",
      "ışık IŞIK",
      "Kâzım Ünal",
      "José Müller",
      "Ays\u0327e",
      "user_42@Example.COM",
      "Zoë Ñandú",
      "ÆØÅ 漢字",
    ];
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ folded: string }>(
        "SELECT search_fold(v) AS folded FROM unnest($1::text[]) WITH ORDINALITY AS s(v, n) ORDER BY n",
        [samples],
      );
      expect(rows.map((r) => r.folded)).toEqual(samples.map((s) => foldText(s.normalize("NFC"))));
    } finally {
      await client.end();
    }
    // The column is kept by PostgreSQL: an update of the name changes it.
    const row = await insertTransaction(tenant, { fullname: "ŞULE", username: `s${run}` });
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: row.id } })).searchName).toBe(`sule s${run}`);
    await prisma.transaction.update({ where: { id: row.id }, data: { fullname: "Gülşen" } });
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: row.id } })).searchName).toBe(`gulsen s${run}`);
  });

  it("'AYŞE YILMAZ', 'Ayse Yilmaz', 'ayşe yılmaz' and 'yilmaz ayse' find Ayşe Yılmaz; 'can ozturk' finds Can Öztürk", async () => {
    for (const q of [
      `AYŞE YILMAZ ${run}`,
      `Ayse Yilmaz ${run}`,
      `ayşe yılmaz ${run}`,
      `yilmaz ${run.toUpperCase()} ayse`,
      `AYSE ${run}`,
    ]) {
      expect(await found("/console/transactions", q), q).toEqual(ayse);
    }
    for (const q of [`can ozturk ${run}`, `CAN ÖZTÜRK ${run}`, `Can Öztürk ${run}`])
      expect(await found("/console/transactions", q), q).toEqual([can]);
    // The username is folded too.
    expect(await found("/console/transactions", `AY${run.toUpperCase()}1`)).toEqual([ayse[1]]);
  });

  it("the card payments page searches the same way", async () => {
    const card = await insertTransaction(tenant, {
      method: "CREDIT_CARD",
      direction: "PAYMENT",
      status: "success",
      fullname: `Işıl Çağlar ${run}`,
      username: `ic${run}`,
    });
    expect(await found("/console/card-payments", `isil caglar ${run}`)).toEqual([card.id]);
    expect(await found("/console/card-payments", `IŞIL ÇAĞLAR ${run}`)).toEqual([card.id]);
  });
});

describe("E-IBAN sender names are matched folded", () => {
  it("a statement's 'AYSE YILMAZ' and 'CAN OZTURK' complete the open deposits of Ayşe Yılmaz and Can Öztürk", async () => {
    const walletIban = ibanFromBban("TR", `00829${unique()}0`);
    await addFundedWallet({
      dealerId: tenant.dealer.id,
      iban: walletIban,
      bankName: "Sandbox E-Bank",
      accountName: "Dealer E-IBAN",
      balance: "0.00",
    });
    const deposit = async (fullname: string, amount: number) => {
      const res = await callWithSite("/api/provider/start-eiban-deposit", tenant.creds, tenant.site.credential_key, {
        fullname,
        username: `e${run}`,
        user_id: `u-${run}`,
        amount,
      });
      expect(res.status).toBe(200);
      return prisma.transaction.findUniqueOrThrow({
        where: { trackingCode: String((res.json.data as Record<string, unknown>).tracking_code) },
      });
    };
    const a = await deposit("Ayşe Yılmaz", 310);
    const c = await deposit("Can Öztürk", 320);
    const sender = "TR330006100519786457841326";
    await simulateIncomingPayment({
      iban: walletIban,
      amount: "310.00",
      senderName: "AYSE YILMAZ",
      senderIban: sender,
      description: "",
    });
    await simulateIncomingPayment({
      iban: walletIban,
      amount: "320.00",
      senderName: "CAN  OZTURK",
      senderIban: sender,
      description: "",
    });
    await expect
      .poll(async () => (await prisma.transaction.findUniqueOrThrow({ where: { id: a.id } })).status)
      .toBe("completed");
    await expect
      .poll(async () => (await prisma.transaction.findUniqueOrThrow({ where: { id: c.id } })).status)
      .toBe("completed");
  });
});
