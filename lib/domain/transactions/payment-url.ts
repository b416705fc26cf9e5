import { settings } from "@/lib/base/config/settings";

/** The hosted payment page of a transaction (deposits, card payments). */
export function paymentUrl(token: string | null): string {
  return `${settings.publicBaseUrl}/pay/${token}`;
}
