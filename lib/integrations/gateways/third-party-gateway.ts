import { settings } from "@/lib/base/config/settings";
import type { Gateway } from "@/lib/generated/prisma/client";
import { signForGateway } from "./gateway-secret";

export const GATEWAY_SIGNATURE_HEADER = "x-gateway-signature";

export type DepositInstructions =
  | { kind: "bank"; iban: string; holder: string; reference: string }
  | { kind: "crypto"; network: string; cryptoType: string; address: string; coinAmount: string; reference: string }
  | { kind: "wallet"; walletNumber: string; holder: string; reference: string };

export type DepositOrder = { gatewayCode: string; clientRef: string; amount: string; cryptoType?: string; notifyUrl: string };
export type WithdrawalOrder = { gatewayCode: string; clientRef: string; amount: string; account: Record<string, string>; notifyUrl: string };

/** A third-party bank, crypto or wallet gateway; outcomes arrive as signed notifications. Idempotent per clientRef. */
export interface ThirdPartyGateway {
  issueDeposit(order: Omit<DepositOrder, "gatewayCode" | "notifyUrl">): Promise<{ gatewayReference: string; instructions: DepositInstructions }>;
  submitWithdrawal(order: Omit<WithdrawalOrder, "gatewayCode" | "notifyUrl">): Promise<{ gatewayReference: string }>;
}

/**
 * The gateway answered and refused the order (4xx): a definitive no, unlike a timeout or a 5xx after which
 * the order may or may not exist and is sent again (the gateway deduplicates on clientRef).
 */
export class GatewayRefusal extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = "GatewayRefusal";
  }
}

/** Where a gateway sends its notifications: a path of its own, so the signature is checked with its secret. */
export function gatewayNotifyUrl(gateway: { code: string }): string {
  return `${settings.publicBaseUrl}/api/webhooks/gateways/${encodeURIComponent(gateway.code)}`;
}

type GatewayRow = Pick<Gateway, "code" | "adapter" | "webhookSecretEnc">;

function sandboxGateway(gateway: GatewayRow): ThirdPartyGateway {
  const post = async <T>(path: string, payload: object): Promise<T> => {
    const body = JSON.stringify({ ...payload, gatewayCode: gateway.code, notifyUrl: gatewayNotifyUrl(gateway) });
    const res = await fetch(`${settings.publicBaseUrl}/sandbox/gateways/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", [GATEWAY_SIGNATURE_HEADER]: signForGateway(gateway, body) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await res.json().catch(() => ({}))) as T & { message?: string };
    if (res.status >= 400 && res.status < 500) throw new GatewayRefusal(res.status, `the gateway refused the order (${res.status}): ${json.message ?? ""}`);
    if (!res.ok) throw new Error(`the gateway could not take the order (${res.status}): ${json.message ?? ""}`);
    return json;
  };
  return { issueDeposit: (order) => post("/deposits", order), submitWithdrawal: (order) => post("/withdrawals", order) };
}

/** The adapter of a gateway row; the project ships the sandbox adapter (decisions §7). */
export function gatewayAdapter(gateway: GatewayRow): ThirdPartyGateway {
  if (!gateway.webhookSecretEnc) throw new Error(`Gateway ${gateway.code} has no webhook secret; rotate one in the console`);
  if (gateway.adapter === "sandbox" && settings.sandboxEnabled) return sandboxGateway(gateway);
  throw new Error(`No "${gateway.adapter}" gateway adapter is available`);
}
