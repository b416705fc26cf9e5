import { z } from "zod";
import { settings } from "@/lib/base/config/settings";

/** The sandbox acquirer's merchant configuration (a dealer's acquirer). */
export const configSchema = z.strictObject({
  /** The merchant's name at the sandbox acquirer, shown on its card form. */
  merchantId: z.string().min(1).max(64),
  /** The store key both sides sign with: the sandbox acquirer's ACQUIRER_WEBHOOK_SECRET. */
  storeKey: z.string().min(16),
  /** The sandbox acquirer's base URL; by default this server's /sandbox/acquirer. */
  endpoint: z.url().optional(),
  /** How long one call may take (default 10000 ms); longer is no answer (a refund then is unknown). */
  timeoutMs: z.number().int().min(500).max(120_000).optional(),
});

export type SandboxCardConfig = z.infer<typeof configSchema>;

export function base(config: SandboxCardConfig): string {
  return (config.endpoint ?? `${settings.publicBaseUrl}/sandbox/acquirer`).replace(/\/$/, "");
}
