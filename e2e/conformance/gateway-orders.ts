import { expect, inject } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { chooseDepositGateway } from "@/lib/domain/third-party/choose-deposit-gateway";
import { inquireOpenGatewayOrders } from "@/lib/domain/third-party/inquire-open-orders";
import { KINDS } from "@/lib/domain/payment-methods/third-party-kinds";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import type { GatewayConnectorName } from "@/lib/integrations/connectors/registry";
import { offerGateways } from "../support/fixtures";
import { handedOver } from "../support/hand-over";
import { callWithSite } from "../support/provider-calls";
import type { GatewayDeposit, GatewayPartner, GatewayRow, GatewayWithdrawal } from "./types";
import type { Tenant } from "./world";

/**
 * What the gateway journeys (gateway-journeys.ts, recon-gateway-journeys.ts) do with a gateway of a row: save it
 * as the console saves it, take deposits through the provider API and our payment page's choice, hand
 * withdrawals to it, and run the status inquiry job.
 */

/** A row's partner and the tenant whose site takes the orders. */
export type GatewayContext = { row: GatewayRow; partner: GatewayPartner; tenant: Tenant };

export const later = (ms: number) => new Date(Date.now() + ms);
const customer = { user_id: "u-43", username: "elif", fullname: "Elif Demir" };

/** A transaction with its history in order, by tracking code. */
export const orderRow = (code: string) =>
  prisma.transaction.findUniqueOrThrow({
    where: { trackingCode: code },
    include: { events: { orderBy: { id: "asc" } } },
  });

/** Runs the status inquiry job until the order leaves `status` (other files' open orders share the database and the job's passes). */
export async function inquireWhile(code: string, status: string): Promise<void> {
  for (let pass = 0; pass < 40 && (await orderRow(code)).status === status; pass++)
    await inquireOpenGatewayOrders(later(11 * 60_000));
}

/** A new gateway of the connector at the row's partner (saved as the console saves it); its id. */
export async function saveRowGateway(
  name: GatewayConnectorName,
  { row, partner }: Pick<GatewayContext, "row" | "partner">,
  options: { timeoutMs?: number } = {},
): Promise<number> {
  const code = `cf-${name}-${randomCodeGroup(6).toLowerCase()}`;
  const input = {
    method: KINDS[row.method].gatewayMethod,
    name: `Conformance ${code}`,
    code,
    minAmount: "10",
    maxAmount: "50000",
    description: "",
    isActive: true,
    requiredFields: row.requiredFields,
    supportedCryptoTypes: row.cryptoTypes ?? [],
    connector: name,
    config: partner.config(options),
  };
  return (await saveGateway(undefined, input, { label: "test" })).id;
}

/** A deposit of the tenant's site, the customer choosing the gateway on our page: pending at the partner. */
export async function startDeposit(
  { row, partner, tenant }: GatewayContext,
  gatewayId: number,
  amount = 250,
): Promise<GatewayDeposit> {
  const res = await callWithSite(
    `/api/provider/third-party/${row.method}/start-deposit`,
    tenant.creds,
    tenant.site.credential_key,
    { ...customer, amount },
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const data = res.json.data as Record<string, string>;
  const token = data.payment_url!.split("/pay/")[1]!;
  // The site offers the gateway on its deposit page (a new gateway is offered by no site until chosen).
  await offerGateways(tenant.site.id, { id: gatewayId });
  await chooseDepositGateway(token, gatewayId, partner.choice);
  const pending = await orderRow(data.tracking_code!);
  expect(pending).toMatchObject({ status: "pending", gatewayId, gatewayReference: expect.any(String) });
  return {
    code: data.tracking_code!,
    id: pending.id,
    token,
    gatewayId,
    gatewayReference: pending.gatewayReference!,
    notifyUrl: `${inject("baseUrl")}/api/webhooks/gateways/id/${gatewayId}`,
  };
}

/** A withdrawal of the tenant's site through the gateway, handed over to the partner. */
export async function startWithdrawal(
  { row, partner, tenant }: GatewayContext,
  gatewayId: number,
  outcome: "paid" | "refused",
  amount = 75,
): Promise<GatewayWithdrawal> {
  const res = await callWithSite(
    `/api/provider/third-party/${row.method}/start-withdrawal`,
    tenant.creds,
    tenant.site.credential_key,
    { ...customer, amount, gateway_id: gatewayId, ...partner.account(outcome) },
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const code = String((res.json.data as Record<string, string>).tracking_code);
  const w = await handedOver(code);
  return { code, id: w.id, gatewayId };
}
