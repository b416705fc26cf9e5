import { settings } from "@/lib/base/config/settings";
import { BANK_SIGNATURE_HEADER, signBankMessage } from "./bank-signature";
import type { BankTransferRequest, EibanBank } from "./eiban-bank-port";

async function call<T>(path: string, init: { method: "GET" | "POST"; body?: unknown }): Promise<T> {
  const body = init.body === undefined ? "" : JSON.stringify(init.body);
  const res = await fetch(`${settings.publicBaseUrl}/sandbox/bank/api${path}`, {
    method: init.method,
    headers: { "content-type": "application/json", [BANK_SIGNATURE_HEADER]: signBankMessage(body) },
    body: init.method === "POST" ? body : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) throw new Error(`sandbox bank answered ${res.status}: ${json.error ?? "no details"}`);
  return json;
}

/** The sandbox bank, reached over HTTP like a real one (app/sandbox/bank). */
export const sandboxBank: EibanBank = {
  submitTransfer: (request: BankTransferRequest) =>
    call<{ reference: string }>("/transfers", { method: "POST", body: { ...request, notifyUrl: `${settings.publicBaseUrl}/api/webhooks/bank` } }),
  balance: async (iban: string) => (await call<{ balance: string }>(`/accounts/${encodeURIComponent(iban)}`, { method: "GET" })).balance,
};
