import { settings } from "@/lib/base/config/settings";

export { GATEWAY_SIGNATURE_HEADER } from "@/lib/integrations/connectors/http-partner/signature";
export type { DepositInstructions } from "@/lib/integrations/connectors/ports";

/** An order as the sandbox gateways receive it (the http-partner protocol's order bodies). */
export type DepositOrder = {
  merchantId: string;
  clientRef: string;
  amount: string;
  cryptoType?: string;
  notifyUrl: string;
};
export type WithdrawalOrder = {
  merchantId: string;
  clientRef: string;
  amount: string;
  account: Record<string, string>;
  notifyUrl: string;
};

/**
 * Where a gateway sends its notifications: a path carrying the gateway's immutable id, so renaming the
 * gateway's code never orphans an order in flight. (Orders issued before carried the code: those paths
 * still reach the gateway through its former codes.)
 */
export function gatewayNotifyUrl(gateway: { id: number }): string {
  return `${settings.publicBaseUrl}/api/webhooks/gateways/id/${gateway.id}`;
}
