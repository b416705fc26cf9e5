import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveByCode, rejectByCode } from "@/lib/domain/approvals/approve-by-code";
import { confirmSecondApproval } from "@/lib/domain/approvals/second-approval";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { THIRD_PARTY_KINDS } from "@/lib/domain/payment-methods";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { formatDateTime } from "@/lib/base/time/format";
import { depositCallbackSchema, withdrawalCallbackSchema } from "@/lib/api/schemas/responses/callbacks";
import { verifyCallback, type ApiResult } from "@/lib/api/sdk";
import { startCallbackReceiver } from "../support/callback-receiver";
import { addFundedWallet, createTenant } from "../support/fixtures";
import { testDealerClient, testProviderClient } from "../support/sdk-clients";
import { secondAdmin } from "../support/second-admin";

const STAFF = { label: "sdk-test", viaCli: true };
const customer = { fullname: "Ayşe Yılmaz", username: "ayse", user_id: "u-1001" };
const RECIPIENT = "TR330006100519786457841326";
const digits = () => String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1e7)).padStart(7, "0");

let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
beforeAll(async () => {
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver.close());

function data<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.status} ${JSON.stringify(result.error)}`);
  return result.data;
}

async function tenantWithAccounts() {
  const t = await createTenant({ callbackUrl: receiver.url, dealerMethods: ["credit_card", "eiban", "manual_iban"] });
  await addBankAccount(
    {
      dealerId: t.dealer.id,
      bankName: "Ziraat",
      accountName: "Demo A.Ş.",
      iban: ibanFromBban("TR", `00010${digits()}0`),
      minAmount: "1",
      maxAmount: "50000",
    },
    { label: "test" },
  );
  const wallet = await addFundedWallet({
    dealerId: t.dealer.id,
    iban: ibanFromBban("TR", `00829${digits()}0`),
    bankName: "Sandbox E-Bank",
    accountName: "Dealer Wallet",
    balance: "5000.00",
  });
  return { ...t, wallet };
}

describe("the TypeScript SDK against the running service", () => {
  it("signs every provider endpoint as its hash formula requires, and verifies the callbacks", async () => {
    const t = await tenantWithAccounts();
    const client = testProviderClient({ ...t.creds, verificationKey: t.provider.verification_key });
    const site = t.site.credential_key;

    expect(data(await client.welcome()).provider).toEqual({
      id: t.provider.id,
      name: expect.any(String),
      is_active: true,
    });
    expect(data(await client.listSites()).sites.map((s) => s.id)).toEqual([t.site.id]);

    const deposit = data(
      await client.startManualDeposit(
        site,
        { ...customer, amount: 250 },
        { idempotencyKey: `dep-${randomCodeGroup()}` },
      ),
    );
    expect(deposit.data).toMatchObject({ status: "showing", amount: 250, customer });
    const withdrawal = data(await client.startManualWithdrawal(site, { ...customer, iban: RECIPIENT, amount: 100 }));
    data(await client.startEibanDeposit(site, { ...customer, amount: 75 }));
    data(await client.startEibanWithdrawal(site, { ...customer, iban: RECIPIENT, amount: 50 }));

    const card = data(
      await client.startCardPayment({
        credential_key: site,
        username: "ayse",
        user_id: "u-1001",
        firstname: "Ayşe",
        lastname: "Yılmaz",
        email: "ayse@example.com",
        phone: "+905551112233",
        amount: 300,
      }),
    );
    expect(data(await client.getCardPaymentStatus(card.data.tracking_code)).data).toMatchObject({
      status: "pending",
      amount: 300,
      currency: "TRY",
    });
    expect(data(await client.getTransactionStatus(withdrawal.data.tracking_code)).data).toMatchObject({
      type: "withdrawal",
      payment_method: "manual",
      iban: RECIPIENT,
      history: [{ status: "pending", by: "api" }],
    });
    const window = { from: "2026-01-01 00:00:00", to: "2026-01-31 00:00:00" };
    expect(data(await client.listTransactions({ ...window, limit: 10 }))).toMatchObject({
      data: [],
      next_cursor: null,
      window,
    });
    expect(data(await client.listCallbacks(card.data.tracking_code)).callbacks).toEqual([]);
    expect(await client.resendCallback(card.data.tracking_code)).toMatchObject({ ok: false, status: 409 });

    const suffix = randomCodeGroup(6).toLowerCase();
    const gateway = (method: "BANK" | "CRYPTO" | "WALLET", extra: Record<string, unknown>) =>
      saveGateway(
        undefined,
        {
          method,
          name: `SDK ${method} ${suffix}`,
          code: `sdk-${method.toLowerCase()}-${suffix}`,
          minAmount: "10",
          maxAmount: "5000",
          description: "sdk",
          isActive: true,
          requiredFields: [],
          supportedCryptoTypes: [],
          ...extra,
        },
        { label: "test" },
      );
    const bank = await gateway("BANK", { requiredFields: ["iban", "account_holder"] });
    const crypto = await gateway("CRYPTO", {
      requiredFields: ["crypto_type", "wallet_address"],
      supportedCryptoTypes: ["USDT-TRC20"],
    });
    const wallet = await gateway("WALLET", { requiredFields: ["wallet_number"] });
    expect(
      data(await client.listGateways("crypto")).data.gateways.find((g) => g.id === crypto.id)?.supported_crypto_types,
    ).toEqual(["USDT-TRC20"]);
    expect(data(await client.listGateways("bank")).data.count).toBeGreaterThan(0);
    expect(data(await client.listGateways("wallet")).data.count).toBeGreaterThan(0);
    for (const kind of THIRD_PARTY_KINDS)
      expect(data(await client.startThirdPartyDeposit(kind, site, { ...customer, amount: 100 })).data.type).toBe(
        `third_party_${kind}_deposit`,
      );
    data(
      await client.startThirdPartyWithdrawal("bank", site, {
        ...customer,
        amount: 100,
        gateway_id: bank.id,
        iban: RECIPIENT,
        account_holder: "Ayşe Yılmaz",
      }),
    );
    data(
      await client.startThirdPartyWithdrawal("crypto", site, {
        ...customer,
        amount: 100,
        gateway_id: crypto.id,
        crypto_type: "USDT-TRC20",
        wallet_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      }),
    );
    data(
      await client.startThirdPartyWithdrawal("wallet", site, {
        ...customer,
        amount: 100,
        gateway_id: wallet.id,
        wallet_number: "5001234567",
      }),
    );

    // A differing amount needs a second admin (four eyes): the CLI's approval proposes, another admin confirms.
    await approveByCode(deposit.data.tracking_code, STAFF, "240");
    await confirmSecondApproval(
      (
        await prisma.secondApproval.findFirstOrThrow({
          where: { transaction: { trackingCode: deposit.data.tracking_code }, openFor: { not: null } },
        })
      ).id,
      await secondAdmin(),
    );
    await rejectByCode(withdrawal.data.tracking_code, STAFF, "name mismatch");
    const [depositCallback] = await receiver.forTrackingCode(deposit.data.tracking_code);
    const [withdrawalCallback] = await receiver.forTrackingCode(withdrawal.data.tracking_code);
    for (const callback of [depositCallback!, withdrawalCallback!]) {
      const check = verifyCallback({ headers: callback.headers, rawBody: callback.raw }, t.creds, {
        maxAgeSeconds: 300,
      });
      expect(check).toMatchObject({ valid: true });
      expect(
        verifyCallback(
          { headers: callback.headers, rawBody: callback.raw.replace(/"status":"\w+"/, '"status":"completed2"') },
          t.creds,
        ),
      ).toEqual({ valid: false, reason: "X-Hash does not verify" });
      expect(
        verifyCallback({ headers: callback.headers, rawBody: callback.raw }, { ...t.creds, secretKey: "someone-else" }),
      ).toMatchObject({ valid: false });
    }
    expect(depositCallbackSchema.parse(depositCallback!.body)).toMatchObject({ status: "completed", amount: 240 });
    expect(withdrawalCallbackSchema.parse(withdrawalCallback!.body)).toMatchObject({
      status: "rejected",
      iban: RECIPIENT,
    });
  });

  it("returns errors as values with the status and the body", async () => {
    const t = await createTenant();
    const wrong = testProviderClient({ ...t.creds, secretKey: "not-the-secret" });
    expect(await wrong.welcome()).toMatchObject({
      ok: false,
      status: 401,
      error: { success: false, error: "Invalid hash" },
      requestId: expect.any(String),
    });
    const client = testProviderClient(t.creds);
    expect(
      await client.startManualWithdrawal(t.site.credential_key, { ...customer, iban: "TR00", amount: 0 }),
    ).toMatchObject({ ok: false, status: 422, error: { error: "Validation failed" } });
    expect(await client.startManualDeposit("not-a-site", { ...customer, amount: 10 })).toMatchObject({
      ok: false,
      status: 401,
      error: { error: "Invalid credential key" },
    });
    expect(await client.getCardPaymentStatus("CC-NOPE0000-1")).toMatchObject({ ok: false, status: 404 });
  });

  it("signs every dealer endpoint", async () => {
    const t = await tenantWithAccounts();
    const client = testDealerClient(t.dealerCreds);
    expect(data(await client.getSettings()).payment_methods).toEqual({
      credit_card: "active",
      eiban: "active",
      manual_iban: "active",
    });
    expect(
      data(await client.startDeposit({ username: "ayse", userid: "u-1", fullname: "Ayşe Yılmaz", amount: "150.50" }))
        .data.amount,
    ).toBe(150.5);
    expect(
      data(
        await client.startWithdrawal({
          username: "ayse",
          userid: "u-1",
          amount: 80,
          recipient_name: "Ayşe Yılmaz",
          recipient_iban: RECIPIENT,
        }),
      ).data.status,
    ).toBe("pending");
    expect(data(await client.listEibans()).eibans.map((e) => e.wallet_id)).toEqual([t.wallet.wallet_id]);
    const today = formatDateTime(new Date()).slice(0, 10);
    expect(
      data(await client.listTransactions({ wallet_id: t.wallet.wallet_id, start_date: today, end_date: today }))
        .pagination,
    ).toMatchObject({ current_page: 1, per_page: 100 });
    const sent = data(
      await client.sendMoney({
        wallet_id: t.wallet.wallet_id,
        recipient_iban: RECIPIENT,
        recipient_name: "Can Öztürk",
        amount: "25.00",
        description: "rent",
      }),
    );
    expect(data(await client.getTransferStatus(sent.transfer.transfer_id)).transfer).toMatchObject({
      transfer_id: sent.transfer.transfer_id,
      amount: "25.00",
      description: "rent",
    });
    const card = data(
      await client.startCardPayment({
        username: "ayse",
        firstname: "Ayşe",
        lastname: "Yılmaz",
        email: "ayse@example.com",
        phone: "+905551112233",
        amount: 250,
      }),
    );
    expect(data(await client.getCardPaymentStatus(card.data.tracking_code)).data.status).toBe("pending");
    expect(data(await client.getTransactionStatus(card.data.tracking_code)).data).toMatchObject({
      type: "payment",
      payment_method: "credit_card",
      site: null,
    });
    expect(
      data(await client.listTransactionRecords({ from: "2026-01-01 00:00:00", to: "2026-01-31 00:00:00" })).data,
    ).toEqual([]);
    expect(data(await client.listCallbacks(card.data.tracking_code)).callbacks).toEqual([]);
    expect(await client.resendCallback(card.data.tracking_code)).toMatchObject({ ok: false, status: 409 });
    expect(
      await client.sendMoney({
        wallet_id: "W-NOT-MINE",
        recipient_iban: RECIPIENT,
        recipient_name: "x",
        amount: "25.00",
      }),
    ).toMatchObject({ ok: false, status: 403, error: { error_code: "WALLET_NOT_ASSIGNED" } });
    expect(await prisma.transfer.count({ where: { dealerId: t.dealer.id } })).toBe(1);
  });
});
