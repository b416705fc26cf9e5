import { settings } from "@/lib/config/settings";
import { signMessage } from "./shared-secret";

export const GATEWAY_SIGNATURE_HEADER = "x-gateway-signature";

export type DepositInstructions =
  | { kind: "bank"; iban: string; holder: string; reference: string }
  | { kind: "crypto"; network: string; cryptoType: string; address: string; coinAmount: string; reference: string }
  | { kind: "wallet"; walletNumber: string; holder: string; reference: string };

export type DepositOrder = { gatewayCode: string; clientRef: string; amount: string; cryptoType?: string; notifyUrl: string };
export type WithdrawalOrder = { gatewayCode: string; clientRef: string; amount: string; account: Record<string, string>; notifyUrl: string };

/** A third-party bank, crypto or wallet gateway; outcomes arrive as signed notifications. Idempotent per clientRef. */
export interface ThirdPartyGateway {
  issueDeposit(order: DepositOrder): Promise<{ gatewayReference: string; instructions: DepositInstructions }>;
  submitWithdrawal(order: WithdrawalOrder): Promise<{ gatewayReference: string }>;
}

async function post<T>(path: string, payload: unknown): Promise<T> {
  const body = JSON.stringify(payload);
  const res = await fetch(`${settings.publicBaseUrl}/sandbox/gateways/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", [GATEWAY_SIGNATURE_HEADER]: signMessage("third-party-gateways", body) },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (!res.ok) throw new Error(`the gateway refused the order (${res.status}): ${json.message ?? ""}`);
  return json;
}

const sandboxGateway: ThirdPartyGateway = {
  issueDeposit: (order) => post("/deposits", order),
  submitWithdrawal: (order) => post("/withdrawals", order),
};

/** The adapter of a gateway row; the project ships the sandbox adapter (decisions §7). */
export function gatewayAdapter(adapter: string): ThirdPartyGateway {
  if (adapter === "sandbox" && settings.sandboxEnabled) return sandboxGateway;
  throw new Error(`No "${adapter}" gateway adapter is available`);
}
