import { randomCodeGroup } from "@/lib/crypto/random";
import { unixSeconds } from "@/lib/time/format";

export type TrackingPrefix = "MAN" | "WIT" | "EIBAN" | "EIBAN-WIT" | "DEP" | "WDR" | "CC" | "TPBD" | "TPBW" | "TPCD" | "TPCW" | "TPWD" | "TPWW";

/** PREFIX-XXXXXXXX-<unix seconds>: 36^8 groups per second make a collision practically impossible. */
export function trackingCode(prefix: TrackingPrefix, now = new Date()): string {
  return `${prefix}-${randomCodeGroup()}-${unixSeconds(now)}`;
}
