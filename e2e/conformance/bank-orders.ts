import { expect } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { processWithdrawal } from "@/lib/domain/approvals/process-withdrawal";
import { sendEibanWithdrawal } from "@/lib/domain/approvals/send-eiban-withdrawal";
import { addEibanWallet } from "@/lib/domain/eiban/add-eiban-wallet";
import { sealBankConfig } from "@/lib/domain/transfers/wallet-bank";
import type { BankConnectorName } from "@/lib/integrations/connectors/registry";
import { callWithSite } from "../support/provider-calls";
import type { BankPartner, IncomingPayment } from "./types";
import { newTenant, type Tenant } from "./world";

/**
 * What the bank journeys (bank-journeys.ts, recon-bank-journeys.ts) do with a row's bank: a dealer's wallet there
 * (saved as the CLI saves it), E-IBAN deposits and the payments that pay them, withdrawals paid out as transfers.
 */

export type Wallet = { tenant: Tenant; id: number; iban: string; partner: BankPartner };

const customer = { user_id: "u-43", username: "elif", fullname: "Elif Demir" };
export const bankStaff = { label: "admin@conformance" };
export const newIban = () =>
  ibanFromBban("TR", `00829${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`);
export const ref = (prefix: string) => `${prefix}-${randomCodeGroup(10)}`;

/** A dealer of its own with one wallet at `at` holding 1000.00 (saved as the CLI saves it). */
export async function openWallet(
  name: BankConnectorName,
  at: BankPartner,
  options: { timeoutMs?: number } = {},
): Promise<Wallet> {
  const tenant = await newTenant();
  const iban = newIban();
  at.openAccount(iban, "1000.00");
  const config = sealBankConfig(name, at.config(options));
  const added = await addEibanWallet(
    { dealerId: tenant.dealer.id, iban, bankName: "Conformance Bank", accountName: "Dealer Account" },
    bankStaff,
    undefined,
    { connector: name, config },
  );
  return { tenant, id: added.id, iban, partner: at };
}

/** An E-IBAN deposit of the wallet's dealer, showing its account: its tracking code. */
export async function eibanDeposit(w: Wallet, amount = 500): Promise<string> {
  const res = await callWithSite("/api/provider/start-eiban-deposit", w.tenant.creds, w.tenant.site.credential_key, {
    ...customer,
    amount,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const code = String((res.json.data as Record<string, string>).tracking_code);
  expect(await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } })).toMatchObject({
    status: "showing",
    eibanWalletId: w.id,
  });
  return code;
}

/** A payment to the wallet's account naming the deposit `code`. */
export const incomingPayment = (w: Wallet, code: string, amount = "500.00"): IncomingPayment => ({
  iban: w.iban,
  reference: ref("IN"),
  amount,
  senderName: "Ali Veli",
  description: `payment ${code}`,
});

/** An E-IBAN withdrawal taken and sent by staff: a transfer from the wallet. */
export async function eibanPayout(
  w: Wallet,
  amount = 75,
): Promise<{ code: string; transferId: string; bankReference: string | null }> {
  const res = await callWithSite("/api/provider/start-eiban-withdraw", w.tenant.creds, w.tenant.site.credential_key, {
    ...customer,
    amount,
    iban: "TR330006100519786457841326",
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const code = String((res.json.data as Record<string, string>).tracking_code);
  const { id } = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } });
  await processWithdrawal(id, "take", bankStaff);
  const sent = await sendEibanWithdrawal(id, bankStaff);
  if (sent.proposed)
    throw new Error(`${code} awaits a second admin: keep the journeys' amounts below the four-eyes limit`);
  return { code, transferId: sent.transferId, bankReference: sent.bankReference };
}
