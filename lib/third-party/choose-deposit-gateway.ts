import { settings } from "@/lib/config/settings";
import { prisma } from "@/lib/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import { gatewayAdapter } from "@/lib/gateways/third-party-gateway";
import { ApiError } from "@/lib/http/api-error";
import { compareDecimal } from "@/lib/schemas/common";
import { transitionTransaction } from "@/lib/transactions/transition-transaction";
import { KINDS, kindOfGateway } from "./kinds";

/**
 * The customer picks a gateway (and a coin, for crypto) on the payment page: the gateway issues payment
 * details, the deposit takes that gateway's method and waits for the gateway's confirmation (pending).
 */
export async function chooseDepositGateway(token: string, gatewayId: number, cryptoType?: string) {
  const deposit = await prisma.transaction.findUnique({ where: { paymentToken: token } });
  if (!deposit || deposit.direction !== "DEPOSIT" || !deposit.method.startsWith("TP_")) throw ApiError.plain(404, "Not found", "Unknown payment.");
  if (deposit.status !== "showing" || (deposit.expiresAt && deposit.expiresAt <= new Date())) throw ApiError.plain(409, "Not open", "This payment is no longer open.");
  const gateway = await prisma.gateway.findUnique({ where: { id: gatewayId } });
  const amount = deposit.amount.toFixed(2);
  if (!gateway?.isActive || compareDecimal(amount, gateway.minAmount.toFixed(2)) < 0 || compareDecimal(amount, gateway.maxAmount.toFixed(2)) > 0) {
    throw ApiError.validation(["This gateway cannot take this amount."]);
  }
  const kind = kindOfGateway(gateway.method);
  if (kind === "crypto" && (!cryptoType || !gateway.supportedCryptoTypes.includes(cryptoType))) throw ApiError.validation(["Choose a coin this gateway supports."]);
  const { gatewayReference, instructions } = await gatewayAdapter(gateway.adapter).issueDeposit({
    gatewayCode: gateway.code,
    clientRef: deposit.trackingCode,
    amount,
    cryptoType: kind === "crypto" ? cryptoType : undefined,
    notifyUrl: `${settings.publicBaseUrl}/api/webhooks/gateways`,
  });
  await prisma.$transaction((tx) =>
    transitionTransaction(tx, {
      id: deposit.id,
      from: ["showing"],
      to: "pending",
      actor: { type: "CUSTOMER" },
      note: `Chose ${gateway.name}${cryptoType ? ` (${cryptoType})` : ""}`,
      data: {
        gatewayId: gateway.id,
        method: KINDS[kind].method,
        gatewayReference,
        gatewayDetails: instructions as unknown as Prisma.InputJsonValue,
        accountDetails: kind === "crypto" ? { crypto_type: cryptoType!, wallet_address: (instructions as { address: string }).address } : undefined,
      },
    }),
  );
}
