import { approveByCode, rejectByCode } from "@/lib/domain/approvals/approve-by-code";
import { startProviderDeposit } from "@/lib/domain/manual-bank/start-provider-deposit";
import { customerDecision } from "@/lib/domain/customers/customer-actions";
import { findProviderByApiKey } from "@/lib/domain/providers/find-provider-by-api-key";
import { findProviderSite } from "@/lib/domain/sites/find-provider-site";
import { startProviderWithdrawal } from "@/lib/domain/manual-bank/start-provider-withdrawal";

const STAFF = { label: "seed", viaCli: true };
const CUSTOMERS = [
  { fullname: "Ayşe Yılmaz", username: "ayse.yilmaz", user_id: "u-1001" },
  { fullname: "Mehmet Demir", username: "mdemir", user_id: "u-1002" },
  { fullname: "Elif Kaya", username: "elifk", user_id: "u-1003" },
  { fullname: "Can Öztürk", username: "can.ozturk", user_id: "u-1004" },
];
const RECIPIENT_IBAN = "TR330006100519786457841326";

/**
 * A morning's worth of activity on a site, made through the same domain functions as the API and the
 * console: deposits waiting for approval, completed and cancelled ones, withdrawals to pay out and a
 * rejected one, so the dashboard, the explorer and the approval queues have something to show.
 */
export async function seedDemoActivity(apiKey: string, credentialKey: string): Promise<string[]> {
  const provider = (await findProviderByApiKey(apiKey))!;
  const site = await findProviderSite(provider.id, credentialKey);
  const deposit = async (customer: (typeof CUSTOMERS)[number], amount: string) =>
    (await startProviderDeposit("MANUAL_BANK", provider, site, { ...customer, amount })).transaction;
  const withdrawal = async (customer: (typeof CUSTOMERS)[number], amount: string) =>
    (await startProviderWithdrawal("MANUAL_BANK", provider, site, { ...customer, iban: RECIPIENT_IBAN, amount }))
      .transaction.trackingCode;

  const waiting = await deposit(CUSTOMERS[0]!, "250.00");
  await customerDecision(waiting.paymentToken!, "sent");
  const approved = await deposit(CUSTOMERS[1]!, "1200.00");
  await customerDecision(approved.paymentToken!, "sent");
  await approveByCode(approved.trackingCode, STAFF);
  const cancelled = await deposit(CUSTOMERS[2]!, "500.00");
  await customerDecision(cancelled.paymentToken!, "cancel");
  const open = await deposit(CUSTOMERS[3]!, "75.50");
  const toPay = await withdrawal(CUSTOMERS[1]!, "300.00");
  const refused = await withdrawal(CUSTOMERS[2]!, "150.00");
  await rejectByCode(refused, STAFF, "Name does not match the account holder");
  return [waiting.trackingCode, approved.trackingCode, cancelled.trackingCode, open.trackingCode, toPay, refused];
}
