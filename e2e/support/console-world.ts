import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { rejectDeposit } from "@/lib/domain/approvals/reject-deposit";
import { processWithdrawal } from "@/lib/domain/approvals/process-withdrawal";
import { refundCardPayment } from "@/lib/domain/cards/refund-card-payment";
import { chargedAtSandboxAcquirer } from "./sandbox-acquirer";
import { prisma } from "@/lib/base/db/prisma";
import { SANDBOX_SIGNATURE_HEADER } from "@/lib/integrations/connectors/sandbox-card/wire";
import { signMessage } from "@/lib/integrations/gateways/shared-secret";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { expireTransaction } from "@/lib/domain/jobs/expire-transactions";
import { addFundedWallet, createTenant } from "./fixtures";
import { httpRequest } from "./http";
import { signedRequest } from "./signed-request";
import { approveWithFourEyes, insertTransaction } from "./transactions";

const STAFF = { label: "ops@e2e.test" };
const digits = () => `${Date.now()}`.slice(-8) + String(Math.floor(Math.random() * 1e4)).padStart(4, "0");

/**
 * A console with something in every corner, so pages render their tables, badges, notes and forms: open
 * and decided deposits and withdrawals (with staff reasons and a changed amount), card payments (paid,
 * timed out, refunded, charged late: an alert), a callback without a URL, audit entries.
 */
export async function seedConsoleWorld(baseURL: string, callbackUrl: string) {
  const tenant = await createTenant({ callbackUrl });
  const silent = await createTenant();
  await addBankAccount(
    {
      dealerId: tenant.dealer.id,
      bankName: "Ziraat Bankası",
      accountName: "Demo Ödeme A.Ş.",
      iban: ibanFromBban("TR", `0001000${digits().slice(0, 8)}0000000`),
      minAmount: "10",
      maxAmount: "50000",
    },
    STAFF,
  );
  await addFundedWallet({
    dealerId: tenant.dealer.id,
    iban: ibanFromBban("TR", `0082900${digits().slice(0, 8)}0000000`),
    bankName: "Sandbox E-Bank",
    accountName: "Dealer E-IBAN",
    balance: "25000.00",
  });
  const zeynep = { fullname: "Zeynep Kaya", username: "zeynep.k", userId: "u-zeynep", email: "zeynep@example.com" };
  const waiting = await insertTransaction(tenant, {
    ...zeynep,
    amount: "1500.00",
    createdAt: new Date(Date.now() - 12 * 60_000),
  });
  await insertTransaction(tenant, {
    status: "showing",
    amount: "300.00",
    createdAt: new Date(Date.now() - 3 * 60_000),
  });
  const approved = await insertTransaction(tenant, { ...zeynep, amount: "1500.00" });
  await approveWithFourEyes(approved.id, STAFF, "1450.00", "only 1.450 TL arrived");
  const rejected = await insertTransaction(tenant, { amount: "999.90" });
  await rejectDeposit(rejected.id, STAFF, "no transfer arrived in 24 hours");
  const withdrawal = await insertTransaction(tenant, {
    direction: "WITHDRAWAL",
    status: "pending",
    amount: "400.00",
    iban: ibanFromBban("TR", `0001000${digits().slice(0, 8)}0000001`),
    recipientName: "Ayşe Yılmaz",
    fullname: "Ayşe Yılmaz",
  });
  const paying = await insertTransaction(tenant, {
    direction: "WITHDRAWAL",
    status: "pending",
    amount: "1250.00",
    iban: ibanFromBban("TR", `0001000${digits().slice(0, 8)}0000002`),
    recipientName: "Mehmet Demir",
    fullname: "Mehmet Demir",
  });
  await processWithdrawal(paying.id, "take", STAFF);
  const card = await insertTransaction(tenant, {
    method: "CREDIT_CARD",
    direction: "PAYMENT",
    status: "success",
    amount: "999.90",
    orderId: `ORD-${digits()}`,
    fullname: "Ayşe Yılmaz",
    email: "ayse@example.com",
  });
  // Both were charged at the (sandbox) acquirer, which is asked for any refund.
  await chargedAtSandboxAcquirer(card.orderId!);
  const refunded = await insertTransaction(tenant, {
    method: "CREDIT_CARD",
    direction: "PAYMENT",
    status: "success",
    amount: "120.00",
    orderId: `ORD-${digits()}`,
  });
  await chargedAtSandboxAcquirer(refunded.orderId!);
  await refundCardPayment(refunded.id, STAFF, "ordered twice");
  // A card that timed out and was then charged by the acquirer: the Needs attention queue gets an alert.
  const late = await signedRequest(baseURL, "/api/provider/credit-card/payment", tenant.creds, {
    body: {
      credential_key: tenant.site.credential_key,
      username: "late.k",
      user_id: "u-late",
      firstname: "Can",
      lastname: "Öztürk",
      email: "can@example.com",
      phone: "+905551112233",
      amount: 450,
    },
  });
  const { tracking_code: lateCode, order_id: orderId } = late.json.data as Record<string, string>;
  const latePayment = await prisma.transaction.update({
    where: { trackingCode: lateCode },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  await expireTransaction(prisma, latePayment.id, new Date());
  const body = JSON.stringify({ orderId, status: "approved", authCode: "LATE42" });
  await httpRequest({
    url: `${baseURL}/api/webhooks/acquirer`,
    body,
    headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signMessage("card-acquirer", body) },
  });
  // The other provider has no callback URL: its deposit's callback stops as "no URL".
  const noUrl = await insertTransaction(silent, { amount: "75.00" });
  await approveDeposit(noUrl.id, STAFF);
  return { tenant, silent, waiting, approved, rejected, withdrawal, paying, card, refunded, latePayment, noUrl };
}
