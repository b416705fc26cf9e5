import { z } from "zod";
import { PARTNER_URL_HTTPS, partnerUrlAllowed } from "../partner-url";
import { settings } from "@/lib/base/config/settings";

/**
 * The http-partner configuration: where the partner (or a bridge in front of one) listens, the shared
 * HMAC secret, and the merchant id the partner knows us by. A baseUrl starting with "/" is a path on this
 * service itself (the built-in sandbox), resolved against PUBLIC_BASE_URL at call time, so the sandbox's
 * configuration survives a change of host or port.
 */
export const httpPartnerConfigSchema = z
  .object({
    baseUrl: z
      .string()
      .refine(
        (v) => v.startsWith("/") || /^https?:\/\/[^\s]+$/.test(v),
        "must be an http(s) URL or a path of this service starting with /",
      )
      .refine((v) => v.startsWith("/") || partnerUrlAllowed(v), PARTNER_URL_HTTPS),
    secret: z.string().min(16, "must be at least 16 characters"),
    merchantId: z.string().min(1).max(64).optional(),
    timeoutMs: z.number().int().min(100).max(60_000).default(10_000),
  })
  .strict();

export type HttpPartnerConfig = z.output<typeof httpPartnerConfigSchema>;

export function partnerUrl(config: HttpPartnerConfig, path: string): string {
  const base = config.baseUrl.startsWith("/") ? `${settings.publicBaseUrl}${config.baseUrl}` : config.baseUrl;
  return `${base.replace(/\/+$/, "")}${path}`;
}
