import { settings } from "@/lib/base/config/settings";
import type { EibanBank } from "./eiban-bank-port";
import { sandboxBank } from "./sandbox-bank-adapter";

export type { BankTransferRequest, EibanBank } from "./eiban-bank-port";

/** The configured bank adapter; only the sandbox bank ships with the project (decisions §7). */
export function eibanBank(): EibanBank {
  if (settings.sandboxEnabled) return sandboxBank;
  throw new Error("No E-IBAN bank adapter is configured (the sandbox bank is off in production)");
}
