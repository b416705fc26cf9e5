import { describe, expect, inject, it } from "vitest";
import { BANK_SIGNATURE_HEADER, signBankMessage } from "@/lib/integrations/bank/bank-signature";
import { prisma } from "@/lib/base/db/prisma";
import { reconcileWallets } from "@/lib/domain/eiban/reconcile-wallets";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { simulateIncomingPayment } from "@/lib/integrations/sandbox/bank/simulate-incoming";
import { formatDateTime, startOfLocalDay } from "@/lib/base/time/format";
import { addFundedWallet, createTenant } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { signedRequest, type Credentials } from "../support/signed-request";

const baseUrl = inject("baseUrl");
const RECIPIENT = "TR330006100519786457841326";

const get = (creds: Credentials, path: string) => signedRequest(baseUrl, path, creds, { method: "GET" });
const post = (creds: Credentials, path: string, body: unknown) => signedRequest(baseUrl, path, creds, { body });

async function dealerWithWallet(
  balance = "1000.00",
  methods: ("credit_card" | "eiban" | "manual_iban")[] = ["eiban", "manual_iban"],
) {
  const tenant = await createTenant({ dealerMethods: methods });
  const iban = ibanFromBban(
    "TR",
    `00829${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
  );
  const wallet = await addFundedWallet({
    dealerId: tenant.dealer.id,
    iban,
    bankName: "Sandbox E-Bank",
    accountName: "Dealer Wallet",
    balance,
  });
  return { ...tenant, wallet, iban };
}

describe("dealer authentication", () => {
  it("uses the provider scheme with dealer wording", async () => {
    const { dealerCreds, dealer } = await dealerWithWallet();
    expect((await get(dealerCreds, "/api/dealer/settings")).status).toBe(200);
    const missing = await signedRequest(baseUrl, "/api/dealer/settings", dealerCreds, {
      method: "GET",
      omit: ["x-hash"],
    });
    expect(missing.json).toMatchObject({ success: false, error: "Missing required headers" });
    expect((await get({ ...dealerCreds, apiKey: "dk_nope" }, "/api/dealer/settings")).json.error).toBe(
      "Invalid API key",
    );
    expect((await get({ ...dealerCreds, secretKey: "wrong" }, "/api/dealer/settings")).json.error).toBe("Invalid hash");
    const old = await signedRequest(baseUrl, "/api/dealer/settings", dealerCreds, {
      method: "GET",
      timestamp: Math.floor(Date.now() / 1000) - 400,
    });
    expect(old.json.error).toBe("Request timestamp expired");
    await prisma.dealer.update({ where: { id: dealer.id }, data: { isActive: false } });
    const inactive = await get(dealerCreds, "/api/dealer/settings");
    expect(inactive.status).toBe(403);
    expect(inactive.json).toMatchObject({ success: false, error: "Dealer account is inactive" });
  });
});

describe("GET /api/dealer/settings and /eibans", () => {
  it("report the dealer's methods and wallets with two-decimal strings", async () => {
    const { dealerCreds, wallet, iban } = await dealerWithWallet("1500.5");
    const settings = await get(dealerCreds, "/api/dealer/settings");
    expect(settings.json).toEqual({
      success: true,
      message: expect.stringContaining("Dealer"),
      dealer_name: expect.stringMatching(/^Dealer /),
      payment_methods: { credit_card: "inactive", eiban: "active", manual_iban: "active" },
    });
    const eibans = await get(dealerCreds, "/api/dealer/eibans");
    expect(eibans.json).toEqual({
      success: true,
      dealer_name: expect.any(String),
      total_eibans: 1,
      eibans: [
        {
          id: wallet.id,
          iban_no: iban,
          bank_name: "Sandbox E-Bank",
          account_name: "Dealer Wallet",
          wallet_id: wallet.wallet_id,
          balance: "1500.50",
          available_balance: "1500.50",
        },
      ],
    });
  });
});

describe("GET /api/dealer/transactions", () => {
  it("validates the range and the wallet with the dealer document's codes", async () => {
    const { dealerCreds, wallet } = await dealerWithWallet();
    const other = await dealerWithWallet();
    const q = (params: string) => get(dealerCreds, `/api/dealer/transactions?${params}`);
    const exceeded = await q(`wallet_id=${wallet.wallet_id}&start_date=2026-11-01&end_date=2026-11-05`);
    expect(exceeded.status).toBe(422);
    expect(exceeded.json).toEqual({ success: false, error_code: "DATE_RANGE_EXCEEDED", message: expect.any(String) });
    expect((await q(`wallet_id=${wallet.wallet_id}&start_date=2026-11-01&end_date=2026-11-04`)).status).toBe(200);
    const inverted = await q(`wallet_id=${wallet.wallet_id}&start_date=2026-11-05&end_date=2026-11-04`);
    expect(inverted.json).toMatchObject({ success: false, error_code: "INVALID_DATE_RANGE" });
    const foreign = await q(`wallet_id=${other.wallet.wallet_id}&start_date=2026-11-01&end_date=2026-11-02`);
    expect(foreign.status).toBe(403);
    expect(foreign.json).toMatchObject({ success: false, error_code: "WALLET_NOT_ASSIGNED" });
    const bad = await q(`start_date=2026-13-01&end_date=x`);
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({ success: false, error: "Validation failed" });
    expect(bad.json.messages).toEqual(
      expect.arrayContaining([
        "wallet_id is required",
        "start_date is not a valid date",
        "end_date must be a date in YYYY-MM-DD form",
      ]),
    );
  });

  it("pages 250 records 100 at a time, newest first, with the spec's fields", async () => {
    const { dealerCreds, wallet } = await dealerWithWallet();
    const row = await prisma.eibanWallet.findUniqueOrThrow({ where: { walletId: wallet.wallet_id } });
    const dayStart = startOfLocalDay("2026-10-10").getTime();
    await prisma.eibanTransaction.createMany({
      data: Array.from({ length: 250 }, (_, i) => ({
        walletId: row.id,
        externalId: `HIST-${row.id}-${i}`,
        direction: "incoming",
        amount: `${i + 1}.50`,
        description: `payment ${i}`,
        senderName: "Mehmet Yılmaz",
        senderIban: RECIPIENT,
        occurredAt: new Date(dayStart + 60_000 * (i + 1)),
      })),
    });
    const page = (n: number) =>
      get(
        dealerCreds,
        `/api/dealer/transactions?wallet_id=${wallet.wallet_id}&start_date=2026-10-09&end_date=2026-10-11&page=${n}`,
      );
    const first = await page(1);
    expect(first.json.pagination).toEqual({
      current_page: 1,
      per_page: 100,
      total_records: 250,
      total_pages: 3,
      has_more: true,
    });
    expect(first.json.date_range).toEqual({ start_date: "2026-10-09", end_date: "2026-10-11" });
    const lines = first.json.transactions as Record<string, unknown>[];
    expect(lines).toHaveLength(100);
    expect(lines[0]).toEqual({
      transactionId: `HIST-${row.id}-249`,
      amount: "250.50",
      type: "incoming",
      description: "payment 249",
      senderName: "Mehmet Yılmaz",
      senderIban: RECIPIENT,
      date: "2026-10-10T04:10:00",
    });
    const third = await page(3);
    expect(third.json.pagination).toEqual({
      current_page: 3,
      per_page: 100,
      total_records: 250,
      total_pages: 3,
      has_more: false,
    });
    expect(third.json.transactions).toHaveLength(50);
    expect((await page(4)).json.transactions).toEqual([]);
    const outside = await get(
      dealerCreds,
      `/api/dealer/transactions?wallet_id=${wallet.wallet_id}&start_date=2026-10-11&end_date=2026-10-12`,
    );
    expect(outside.json.pagination).toMatchObject({ total_records: 0, total_pages: 0, has_more: false });
  });
});

describe("POST /api/dealer/send-money and GET /transfer-status", () => {
  it("refuses with the dealer document's codes and changes nothing", async () => {
    const { dealerCreds, wallet } = await dealerWithWallet("50.00");
    const other = await dealerWithWallet();
    const send = (body: Record<string, unknown>) =>
      post(dealerCreds, "/api/dealer/send-money", {
        wallet_id: wallet.wallet_id,
        recipient_iban: RECIPIENT,
        recipient_name: "Ali Veli",
        amount: "20.00",
        ...body,
      });
    expect((await send({ amount: "9.99" })).json).toMatchObject({ success: false, error_code: "MIN_AMOUNT_ERROR" });
    expect((await send({ recipient_iban: "TR330006100519786457841327" })).json).toMatchObject({
      success: false,
      error_code: "INVALID_IBAN",
    });
    const foreign = await send({ wallet_id: other.wallet.wallet_id });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toMatchObject({ error_code: "WALLET_NOT_ASSIGNED" });
    const poor = await send({ amount: "50.01" });
    expect(poor.status).toBe(422);
    expect(poor.json).toMatchObject({ success: false, error_code: "INSUFFICIENT_BALANCE" });
    const invalid = await send({ amount: "abc", recipient_name: "" });
    expect(invalid.json).toMatchObject({ error: "Validation failed" });
    expect(await prisma.transfer.count({ where: { wallet: { walletId: wallet.wallet_id } } })).toBe(0);
    expect(
      (await prisma.eibanWallet.findUniqueOrThrow({ where: { walletId: wallet.wallet_id } })).availableBalance.toFixed(
        2,
      ),
    ).toBe("50.00");
  });

  it("reserves the amount, and the bank's settlement completes the transfer and moves the balance", async () => {
    const { dealerCreds, wallet } = await dealerWithWallet("100.00");
    const res = await post(dealerCreds, "/api/dealer/send-money", {
      wallet_id: wallet.wallet_id,
      recipient_iban: "TR33 0006 1005 1978 6457 8413 26",
      recipient_name: "Ali Veli",
      amount: 25.5,
      description: "supplier",
    });
    expect(res.status).toBe(200);
    const transfer = res.json.transfer as Record<string, string>;
    expect(res.json).toMatchObject({ success: true, message: expect.any(String) });
    expect(transfer).toEqual({
      transfer_id: expect.stringMatching(/^TRF-[A-Z0-9]{8}$/),
      status: "pending",
      amount: "25.50",
      recipient_iban: RECIPIENT,
      recipient_name: "Ali Veli",
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
    const wallets = await get(dealerCreds, "/api/dealer/eibans");
    expect((wallets.json.eibans as Record<string, string>[])[0]).toMatchObject({
      balance: "100.00",
      available_balance: "74.50",
    });

    await expect
      .poll(
        async () =>
          (await get(dealerCreds, `/api/dealer/transfer-status?transfer_id=${transfer.transfer_id}`)).json.transfer,
        { timeout: 15_000 },
      )
      .toMatchObject({ status: "completed" });
    const status = await get(dealerCreds, `/api/dealer/transfer-status?transfer_id=${transfer.transfer_id}`);
    expect(status.json).toEqual({
      success: true,
      dealer_name: expect.any(String),
      transfer: {
        ...transfer,
        status: "completed",
        description: "supplier",
        completed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      },
    });
    const after = await get(dealerCreds, "/api/dealer/eibans");
    expect((after.json.eibans as Record<string, string>[])[0]).toMatchObject({
      balance: "74.50",
      available_balance: "74.50",
    });
    expect(
      await reconcileWallets(
        (await prisma.eibanWallet.findUniqueOrThrow({ where: { walletId: wallet.wallet_id } })).dealerId,
      ),
    ).toEqual([expect.objectContaining({ matches: true, ledger: "74.50", bank: "74.50" })]);
  });

  it("a transfer the bank refuses fails and releases the reservation", async () => {
    const { dealerCreds, wallet } = await dealerWithWallet("100.00");
    const res = await post(dealerCreds, "/api/dealer/send-money", {
      wallet_id: wallet.wallet_id,
      recipient_iban: RECIPIENT,
      recipient_name: "REJECT Closed Account",
      amount: "40",
    });
    const id = (res.json.transfer as Record<string, string>).transfer_id;
    await expect
      .poll(async () => (await get(dealerCreds, `/api/dealer/transfer-status?transfer_id=${id}`)).json.transfer, {
        timeout: 15_000,
      })
      .toMatchObject({ status: "failed", completed_at: null });
    const w = await prisma.eibanWallet.findUniqueOrThrow({ where: { walletId: wallet.wallet_id } });
    expect([w.balance.toFixed(2), w.availableBalance.toFixed(2)]).toEqual(["100.00", "100.00"]);
    const other = await dealerWithWallet();
    expect((await get(other.dealerCreds, `/api/dealer/transfer-status?transfer_id=${id}`)).status).toBe(404);
  });

  it("50 simultaneous transfers of 10.00 from 100.00: exactly 10 accepted, never below zero", async () => {
    const { dealerCreds, wallet } = await dealerWithWallet("100.00");
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(dealerCreds, "/api/dealer/send-money", {
          wallet_id: wallet.wallet_id,
          recipient_iban: RECIPIENT,
          recipient_name: "Ali Veli",
          amount: "10.00",
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.json).toMatchObject({ error_code: "INSUFFICIENT_BALANCE" });
    const w = await prisma.eibanWallet.findUniqueOrThrow({ where: { walletId: wallet.wallet_id } });
    expect(w.availableBalance.toFixed(2)).toBe("0.00");
    expect(await prisma.transfer.count({ where: { walletId: w.id } })).toBe(10);
  });
});

describe("the bank's notifications", () => {
  it("book incoming payments once; a bad signature is refused and changes nothing", async () => {
    const { dealerCreds, wallet, iban } = await dealerWithWallet("0.00");
    const sent = await simulateIncomingPayment({
      iban,
      amount: "75.25",
      senderName: "Zeynep Demir",
      senderIban: RECIPIENT,
      description: "top up",
    });
    expect(sent.delivered).toBe(true);
    const eibans = await get(dealerCreds, "/api/dealer/eibans");
    expect((eibans.json.eibans as Record<string, string>[])[0]).toMatchObject({
      balance: "75.25",
      available_balance: "75.25",
    });
    const line = await prisma.eibanTransaction.findFirstOrThrow({ where: { externalId: sent.reference } });
    const replay = JSON.stringify({
      type: "incoming",
      reference: sent.reference,
      iban,
      amount: "75.25",
      senderName: "Zeynep Demir",
      senderIban: RECIPIENT,
      description: "top up",
      occurredAt: line.occurredAt.toISOString(),
    });
    const again = await httpRequest({
      url: `${baseUrl}/api/webhooks/bank`,
      body: replay,
      headers: { "content-type": "application/json", [BANK_SIGNATURE_HEADER]: signBankMessage(replay) },
    });
    expect(again.json).toEqual({ success: true, status: "duplicate", booked: 0 });
    const forged = replay.replace(sent.reference, "SBX-IN-FORGED").replace("75.25", "9999.00");
    const refused = await httpRequest({
      url: `${baseUrl}/api/webhooks/bank`,
      body: forged,
      headers: { "content-type": "application/json", [BANK_SIGNATURE_HEADER]: signBankMessage(replay) },
    });
    expect(refused.status).toBe(401);
    const w = await prisma.eibanWallet.findUniqueOrThrow({ where: { walletId: wallet.wallet_id } });
    expect(w.balance.toFixed(2)).toBe("75.25");
    // The dates are the service's local days (Istanbul): from 21:00 UTC on, its today is UTC's tomorrow.
    const today = formatDateTime(new Date()).slice(0, 10);
    const yesterday = formatDateTime(new Date(Date.now() - 86_400_000)).slice(0, 10);
    const history = await get(
      dealerCreds,
      `/api/dealer/transactions?wallet_id=${wallet.wallet_id}&start_date=${yesterday}&end_date=${today}`,
    );
    expect(history.json.transactions).toEqual([
      expect.objectContaining({
        transactionId: sent.reference,
        amount: "75.25",
        type: "incoming",
        senderName: "Zeynep Demir",
      }),
    ]);
  });

  it("flags a ledger that differs from the bank", async () => {
    const { iban, dealer } = await dealerWithWallet("10.00");
    await prisma.sandboxBankAccount.update({ where: { iban }, data: { balance: "11.00" } });
    expect(await reconcileWallets(dealer.id)).toEqual([
      expect.objectContaining({ matches: false, ledger: "10.00", bank: "11.00" }),
    ]);
    const w = await prisma.eibanWallet.findFirstOrThrow({ where: { dealerId: dealer.id } });
    expect(w.bankBalance?.toFixed(2)).toBe("11.00");
  });
});
