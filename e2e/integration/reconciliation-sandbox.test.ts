import { beforeEach, describe, expect, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { addDays, localDay } from "@/lib/domain/reconciliation/recon-day";
import { chooseDepositGateway } from "@/lib/domain/third-party/choose-deposit-gateway";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { simulateIncomingPayment } from "@/lib/integrations/sandbox/bank/simulate-incoming";
import { decideSandboxOrder } from "@/lib/integrations/sandbox/gateways/sandbox-gateway-orders";
import { alertsOf, reconcileToday, runOf } from "../conformance/recon-accounts";
import { awayFromMidnight } from "../conformance/recon-journeys";
import { admin } from "../support/admin-cli";
import { addFundedWallet, createTenant, offerGateways } from "../support/fixtures";
import { callWithSite } from "../support/provider-calls";

/**
 * The service's own sandbox partners reconciled on the run's main server (sandbox on): the sandbox bank's
 * statement of a period (/sandbox/bank/api/statements/period) and a built-in sandbox gateway's transactions
 * (/sandbox/gateways/api/transactions), so a demo or a default tenant's day reconciles clean; and `recon:run` /
 * `recon:show` through the admin CLI.
 */

const customer = { user_id: "u-52", username: "deniz", fullname: "Deniz Yılmaz" };
const unique = () => String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
const statusOf = async (code: string) =>
  (await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } })).status;

/** A dealer (no acquirer) with a sandbox bank wallet holding 1000.00, and a built-in sandbox crypto gateway. */
async function sandboxDealer() {
  const tenant = await createTenant({ acquirer: null });
  const iban = ibanFromBban("TR", `00829${unique()}0`);
  const wallet = await addFundedWallet({ dealerId: tenant.dealer.id, iban, balance: "1000.00" });
  const suffix = randomCodeGroup(6).toLowerCase();
  const gateway = await saveGateway(
    undefined,
    {
      method: "CRYPTO",
      name: `Sandbox recon ${suffix}`,
      code: `recon-sbx-${suffix}`,
      minAmount: "10",
      maxAmount: "5000",
      description: "",
      isActive: true,
      requiredFields: ["crypto_type", "wallet_address"],
      supportedCryptoTypes: ["USDT-TRC20"],
    },
    { label: "test" },
  );
  await offerGateways(tenant.site.id, gateway);
  return { tenant, iban, walletId: wallet.id, gatewayId: gateway.id };
}

describe("reconciliation of the service's sandbox partners", { timeout: 120_000 }, () => {
  beforeEach(() => awayFromMidnight(), 150_000);

  it("the sandbox bank wallet and the built-in sandbox gateway: each completed deposit's day matched, nothing raised", async () => {
    const d = await sandboxDealer();
    const eiban = await callWithSite(
      "/api/provider/start-eiban-deposit",
      d.tenant.creds,
      d.tenant.site.credential_key,
      {
        ...customer,
        amount: 320.5,
      },
    );
    expect(eiban.status, JSON.stringify(eiban.json)).toBe(200);
    const eibanCode = String((eiban.json.data as Record<string, string>).tracking_code);
    await simulateIncomingPayment({
      iban: d.iban,
      amount: "320.50",
      senderName: "Deniz Yılmaz",
      senderIban: "TR330006100519786457841326",
      description: `payment ${eibanCode}`,
    });
    await expect.poll(() => statusOf(eibanCode)).toBe("completed");

    const crypto = await callWithSite(
      "/api/provider/third-party/crypto/start-deposit",
      d.tenant.creds,
      d.tenant.site.credential_key,
      { ...customer, amount: 342.5 },
    );
    expect(crypto.status, JSON.stringify(crypto.json)).toBe(200);
    const data = crypto.json.data as Record<string, string>;
    await chooseDepositGateway(data.payment_url!.split("/pay/")[1]!, d.gatewayId, "USDT-TRC20");
    const order = await prisma.sandboxGatewayOrder.findFirstOrThrow({ where: { clientRef: data.tracking_code! } });
    expect(await decideSandboxOrder(order.reference, "confirmed")).toEqual({ status: "confirmed", delivered: true });
    await expect.poll(() => statusOf(data.tracking_code!)).toBe("completed");

    for (const [filter, account, amount] of [
      [{ walletId: d.walletId }, `wallet:${d.walletId}`, "320.50"],
      [{ gatewayId: d.gatewayId }, `gateway:${d.gatewayId}`, "342.50"],
    ] as const) {
      expect(await reconcileToday(filter, account), account).toMatchObject({
        state: "reconciled",
        partnerRecords: 1,
        ourRecords: 1,
        matched: 1,
        matchedAmount: amount,
        found: 0,
      });
      expect(await runOf(account)).toMatchObject({ state: "reconciled", matched: 1, discrepancies: 0 });
      expect(await prisma.reconDiscrepancy.count({ where: { account } })).toBe(0);
      expect(await alertsOf(account)).toEqual([]);
    }
  });

  it("recon:run through the admin CLI reconciles yesterday for the dealer, refuses today; recon:show lists the run", async () => {
    const d = await sandboxDealer();
    const today = localDay(new Date());
    const yesterday = addDays(today, -1);
    const account = `wallet:${d.walletId}`;

    const run = admin("recon:run", "--day", yesterday, "--dealer", String(d.tenant.dealer.id));
    expect(run.code, run.stderr).toBe(0);
    expect(run.json()).toEqual({
      day: yesterday,
      runs: [expect.objectContaining({ account, partner: "http-partner", state: "reconciled", matched: 0, found: 0 })],
    });

    const refused = admin("recon:run", "--day", today, "--dealer", String(d.tenant.dealer.id));
    expect(refused.code, refused.stdout).toBe(2);
    expect(refused.stderr).toContain("--day must be a day that has ended (Istanbul)");
    expect(await prisma.reconRun.count({ where: { account, day: new Date(`${today}T00:00:00Z`) } })).toBe(0);

    const show = admin("recon:show", "--day", yesterday, "--dealer", String(d.tenant.dealer.id));
    expect(show.code, show.stderr).toBe(0);
    expect(show.json()).toEqual({
      runs: [
        expect.objectContaining({
          account,
          partner: "http-partner",
          day: yesterday,
          state: "reconciled",
          matched: 0,
          open_discrepancies: 0,
          error: null,
        }),
      ],
      discrepancies: [],
    });
  });
});
