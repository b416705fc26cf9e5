import { beforeAll, describe, expect, inject, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { consoleSession, pageText, type ConsoleSession } from "../support/console-session";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";

/**
 * The console's search box (/console/search) against the production build: every identifier the service issues
 * or receives opens the payment it names (typed in any case), fragments and names list what matches, and nothing
 * of another tenant is ever found.
 */
const baseUrl = inject("baseUrl");
const run = randomCodeGroup(6);
type Tenant = Awaited<ReturnType<typeof createTenant>>;
let mine: Tenant;
let theirs: Tenant;
let dealer: ConsoleSession;
let admin: ConsoleSession;
const ids: Record<string, number> = {};
let otherCode = "";
let otherId = 0;
let walletId = "";
let transferId = "";

beforeAll(async () => {
  [mine, theirs] = await Promise.all([createTenant(), createTenant()]);
  await prisma.dealer.update({ where: { id: mine.dealer.id }, data: { name: `Kuzey Ödeme ${run}` } });
  await prisma.site.update({ where: { id: mine.site.id }, data: { name: `Şans Oyunları ${run}` } });
  await prisma.provider.update({ where: { id: mine.provider.id }, data: { name: `Işık Bahis ${run}` } });
  const deposit = await insertTransaction(mine, {});
  ids.deposit = deposit.id;
  // A card payment declined once and paid on its second attempt; the bank knew the attempts by letters and digits.
  const card = await insertTransaction(mine, {
    direction: "PAYMENT",
    method: "CREDIT_CARD",
    origin: "DEALER",
    siteId: null,
    providerId: null,
    orderId: `ORD-${run}A`,
    status: "success",
  });
  ids.card = card.id;
  await prisma.cardAttempt.createMany({
    data: [
      { transactionId: card.id, number: 1, orderId: `ORD-${run}A`, status: "declined", partnerReference: `ORD${run}A` },
      {
        transactionId: card.id,
        number: 2,
        orderId: `ORD-${run}A-2`,
        status: "approved",
        partnerReference: `ORD${run}A2`,
      },
    ],
  });
  await prisma.cardRefund.create({
    data: {
      transactionId: card.id,
      refundId: `RF-${run}R`,
      amount: "10.00",
      status: "approved",
      partnerReference: `BANKRF${run}`,
      actorLabel: "test",
    },
  });
  ids.gateway = (await insertTransaction(mine, { method: "TP_BANK", gatewayReference: `GW-${run}X` })).id;
  const iban = ibanFromBban("TR", `0001000${String(Date.now()).slice(-8)}0000004`);
  walletId = `WLT-${run}`;
  const wallet = await prisma.eibanWallet.create({
    data: { dealerId: mine.dealer.id, walletId, iban, bankName: "Test", accountName: "Kuzey" },
  });
  transferId = `TRF-${run}`;
  await prisma.transfer.create({
    data: {
      transferId,
      dealerId: mine.dealer.id,
      walletId: wallet.id,
      amount: "25.00",
      recipientIban: iban,
      recipientName: "Ali Veli",
      bankReference: `BNK${run}`,
    },
  });
  const other = await insertTransaction(theirs, { gatewayReference: `GW-${run}Y` });
  [otherCode, otherId] = [other.trackingCode, other.id];
  [dealer, admin] = await Promise.all([
    consoleSession(baseUrl, "dealer", { dealerId: mine.dealer.id }),
    consoleSession(baseUrl, "admin"),
  ]);
});

const search = (session: ConsoleSession, q: string) =>
  session.get(`/console/search?${new URLSearchParams({ q })}`, { cookie: "console_lang=en" });

async function opens(session: ConsoleSession, q: string): Promise<string | undefined> {
  const res = await search(session, q);
  expect([303, 307, 308], `${q}: ${res.status}`).toContain(res.status);
  return new URL(String(res.headers.location), baseUrl).pathname;
}

describe("the console's search", () => {
  it("opens the payment an identifier names: tracking code, order id of any attempt, the bank's id, refund and gateway references, in any case", async () => {
    const deposit = await prisma.transaction.findUniqueOrThrow({ where: { id: ids.deposit! } });
    const card = `/console/transactions/${ids.card}`;
    expect(await opens(dealer, deposit.trackingCode)).toBe(`/console/transactions/${ids.deposit}`);
    expect(await opens(dealer, deposit.trackingCode.toLowerCase())).toBe(`/console/transactions/${ids.deposit}`);
    for (const q of [`ORD-${run}A`, `ord-${run}a-2`, `ORD${run}A2`, `RF-${run}R`, `BANKRF${run}`])
      expect(await opens(dealer, q), q).toBe(card);
    expect(await opens(dealer, `gw-${run}x`)).toBe(`/console/transactions/${ids.gateway}`);
  });

  it("lists by a fragment of a tracking code, and finds dealers, sites and providers by name, Turkish letters folded", async () => {
    const deposit = await prisma.transaction.findUniqueOrThrow({ where: { id: ids.deposit! } });
    const fragment = deposit.trackingCode.split("-")[1]!;
    const byFragment = await search(dealer, fragment.slice(1, 7));
    expect(byFragment.status).toBe(200);
    expect(byFragment.text).toContain(`/console/transactions/${ids.deposit}`);
    const byDealer = pageText((await search(dealer, `kuzey odeme ${run.toLowerCase()}`)).text);
    expect(byDealer).toContain(`Kuzey Ödeme ${run}`);
    const bySite = pageText((await search(admin, `SANS OYUNLARI ${run}`)).text);
    expect(bySite).toContain(`Şans Oyunları ${run}`);
    const byProvider = pageText((await search(admin, `isik bahis ${run}`)).text);
    expect(byProvider).toContain(`Işık Bahis ${run}`);
  });

  it("shows a transfer sent from a wallet and the wallet itself, by their ids and the bank's reference", async () => {
    for (const q of [transferId, `bnk${run}`]) {
      const res = await search(dealer, q);
      expect(res.status, q).toBe(200);
      expect(pageText(res.text), q).toContain(transferId);
    }
    const wallet = await search(dealer, walletId.toLowerCase());
    expect(wallet.status).toBe(200);
    expect(pageText(wallet.text)).toContain(walletId);
  });

  it("finds nothing of another tenant: its code, its gateway reference, its dealer's name", async () => {
    const theirDealer = await prisma.dealer.findUniqueOrThrow({ where: { id: theirs.dealer.id } });
    for (const q of [otherCode, `GW-${run}Y`, theirDealer.name]) {
      const res = await search(dealer, q);
      expect(res.status, q).toBe(200);
      // The page repeats what was asked, and links nothing of theirs.
      expect(res.text, q).not.toContain(`/console/transactions/${otherId}`);
      expect(pageText(res.text), q).toContain("Nothing you can see matches");
    }
    // An admin sees every tenant: the other tenant's code opens its payment.
    expect(await opens(admin, otherCode)).toMatch(/^\/console\/transactions\/\d+$/);
  });
});
