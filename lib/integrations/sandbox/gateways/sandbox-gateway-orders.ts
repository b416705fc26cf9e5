import { createHash } from "node:crypto";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  GATEWAY_SIGNATURE_HEADER,
  type DepositInstructions,
  type DepositOrder,
  type WithdrawalOrder,
} from "@/lib/integrations/gateways/third-party-gateway";
import { signForGateway } from "@/lib/integrations/gateways/gateway-secret";
import { signedRequestHeaders } from "@/lib/base/crypto/partner-signature";
import { DomainError } from "@/lib/base/errors/domain-error";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { coinAmount } from "./coin-amount";
import { refusal } from "@/lib/base/messages/errors";

const SANDBOX_ADDRESSES: Record<string, string> = {
  TRC20: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  TRX: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  BTC: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
};

type Instructions = (gatewayName: string, order: DepositOrder, reference: string) => DepositInstructions;

/** The account shapes a gateway family issues details for (payment_method_keys.account_shape). */
type Shape = Exclude<DepositInstructions["kind"], "payment_page">;

/**
 * What the sandbox tells a customer to pay to, per account shape: a new kind of an existing shape (a second
 * bank-shaped kind) is payable in the sandbox with nothing added here.
 */
const INSTRUCTIONS: Record<Shape, Instructions> = {
  crypto: (_name, order, reference) => {
    const type = order.cryptoType!.toUpperCase();
    const network = type.includes("-") ? type.split("-")[1]! : type;
    const address = SANDBOX_ADDRESSES[network] ?? `0x${digits(reference, 40, false)}`;
    // The sandbox holds its quote 20 minutes, as a fixed-rate crypto gateway would.
    return {
      kind: "crypto",
      network,
      cryptoType: type,
      address,
      coinAmount: coinAmount(type, order.amount),
      reference,
      quoteValidUntil: new Date(Date.now() + 20 * 60_000).toISOString(),
    };
  },
  wallet: (name, _order, reference) => ({
    kind: "wallet",
    walletNumber: `5${digits(reference, 9)}`,
    holder: `${name} Collections`,
    reference,
  }),
  bank: (name, order, reference) => ({
    kind: "bank",
    iban: ibanFromBban("TR", `00046${digits(order.merchantId, 17)}`),
    holder: `${name} Ödeme Hizmetleri`,
    reference,
  }),
};

/** A stable made-up number (or hex string) of a given length from a seed: the sandbox's account numbers. */
function digits(seed: string, length: number, onlyDigits = true): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  return onlyDigits ? hex.replace(/\D/g, "").slice(0, length).padEnd(length, "0") : hex.slice(0, length);
}

/** The sandbox knows its merchants by the gateway's id (the merchantId of the gateway's configuration). */
async function gatewayOfMerchant(merchantId: string) {
  const gateway = /^\d{1,9}$/.test(merchantId)
    ? await prisma.gateway.findUnique({ where: { id: Number(merchantId) }, include: { family: true } })
    : null;
  if (!gateway) throw DomainError.notFound(refusal("unknownMerchant", { merchantId }));
  const shape = gateway.family.accountShape;
  if (!shape || !Object.hasOwn(INSTRUCTIONS, shape)) throw new Error(`No sandbox details for the shape ${shape}`);
  return { ...gateway, shape: shape as Shape };
}

/** A deposit order: payment details for the customer, idempotent per client reference. */
export async function openSandboxDeposit(order: DepositOrder) {
  const gateway = await gatewayOfMerchant(order.merchantId);
  const existing = await prisma.sandboxGatewayOrder.findUnique({
    where: {
      gatewayCode_kind_clientRef: { gatewayCode: order.merchantId, kind: "deposit", clientRef: order.clientRef },
    },
  });
  if (existing)
    return { gatewayReference: existing.reference, instructions: existing.details as unknown as DepositInstructions };
  const reference = `GW-${randomCodeGroup(10)}`;
  const instructions = INSTRUCTIONS[gateway.shape](gateway.name, order, reference);
  await prisma.sandboxGatewayOrder.create({
    data: {
      reference,
      gatewayCode: order.merchantId,
      kind: "deposit",
      clientRef: order.clientRef,
      amount: order.amount,
      details: instructions as unknown as Prisma.InputJsonValue,
      notifyUrl: order.notifyUrl,
    },
  });
  return { gatewayReference: reference, instructions };
}

/** A payout order, idempotent per client reference; settled from the sandbox control page. */
export async function openSandboxWithdrawal(order: WithdrawalOrder) {
  await gatewayOfMerchant(order.merchantId);
  const key = { gatewayCode: order.merchantId, kind: "withdrawal", clientRef: order.clientRef };
  const existing = await prisma.sandboxGatewayOrder.findUnique({ where: { gatewayCode_kind_clientRef: key } });
  if (existing) return { gatewayReference: existing.reference };
  const reference = `GW-${randomCodeGroup(10)}`;
  await prisma.sandboxGatewayOrder.create({
    data: { reference, ...key, amount: order.amount, details: order.account, notifyUrl: order.notifyUrl },
  });
  return { gatewayReference: reference };
}

export type SandboxDecision = "confirmed" | "declined" | "completed" | "failed" | "rejected";

/** An order's state, for the status inquiry (the http-partner protocol's /inquiries). */
export async function inquireSandboxOrder(merchantId: string, kind: "deposit" | "withdrawal", clientRef: string) {
  await gatewayOfMerchant(merchantId);
  const order = await prisma.sandboxGatewayOrder.findUnique({
    where: { gatewayCode_kind_clientRef: { gatewayCode: merchantId, kind, clientRef } },
  });
  if (!order) return { clientRef, kind, status: "not_found" as const, reference: null };
  return { reference: order.reference, clientRef, kind, status: order.status, amount: order.amount.toFixed(2) };
}

/**
 * The gateway's verdict, sent to the service as a signed notification (resent if asked again). With
 * `notify: false` the verdict is only recorded: a notification lost on the way, for the inquiry to recover.
 */
export async function decideSandboxOrder(
  reference: string,
  decision: SandboxDecision,
  reason?: string,
  options: { notify?: boolean } = {},
) {
  const order = await prisma.sandboxGatewayOrder.findUnique({ where: { reference } });
  if (!order) return null;
  if (order.status === "pending")
    await prisma.sandboxGatewayOrder.update({ where: { reference }, data: { status: decision } });
  const status = order.status === "pending" ? decision : (order.status as SandboxDecision);
  const gateway = await gatewayOfMerchant(order.gatewayCode);
  if (options.notify === false) return { status, delivered: false };
  const body = JSON.stringify({
    reference,
    clientRef: order.clientRef,
    kind: order.kind,
    status,
    amount: order.amount.toFixed(2),
    reason,
  });
  const res = await fetch(order.notifyUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...signedRequestHeaders((text) => signForGateway(gateway, text), {
        method: "POST",
        path: new URL(order.notifyUrl).pathname + new URL(order.notifyUrl).search,
        body,
        v1Header: GATEWAY_SIGNATURE_HEADER,
      }),
    },
    body,
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  return { status, delivered: res?.ok ?? false };
}
