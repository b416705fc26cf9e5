import { randomCodeGroup } from "@/lib/base/crypto/random";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { notifyService } from "./notify-service";
import { refusal } from "@/lib/base/messages/errors";

export type IncomingPayment = {
  iban: string;
  amount: string;
  senderName: string;
  senderIban: string;
  description: string;
};

/**
 * A payment arriving at a sandbox account from outside, announced to the service like a real bank would;
 * with `notify: false` the announcement is lost, and only the statement (the poller) shows the payment.
 */
export async function simulateIncomingPayment(payment: IncomingPayment, options: { notify?: boolean } = {}) {
  const reference = `SBX-IN-${randomCodeGroup(10)}`;
  const occurredAt = new Date();
  await inTransaction(async (tx) => {
    const account = await tx.sandboxBankAccount.findUnique({ where: { iban: payment.iban } });
    if (!account) throw DomainError.validation([refusal("sandboxNoAccount", { iban: payment.iban })]);
    await tx.sandboxBankAccount.update({
      where: { iban: payment.iban },
      data: { balance: { increment: payment.amount } },
    });
    await tx.sandboxBankLine.create({
      data: {
        reference,
        accountIban: payment.iban,
        direction: "incoming",
        amount: payment.amount,
        counterpartyName: payment.senderName,
        counterpartyIban: payment.senderIban,
        description: payment.description,
        occurredAt,
      },
    });
  });
  if (options.notify === false) return { reference, delivered: false };
  const delivered = await notifyService({
    type: "incoming",
    reference,
    ...payment,
    occurredAt: occurredAt.toISOString(),
  });
  return { reference, delivered };
}
