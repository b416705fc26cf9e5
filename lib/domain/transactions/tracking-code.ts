import { randomCodeGroup } from "@/lib/base/crypto/random";
import type { TrackingPrefix } from "@/lib/domain/payment-methods";
import { unixSeconds } from "@/lib/base/time/format";

export type { TrackingPrefix } from "@/lib/domain/payment-methods";

/** PREFIX-XXXXXXXX-<unix seconds>: 36^8 groups per second make a collision practically impossible. */
export function trackingCode(prefix: TrackingPrefix, now = new Date()): string {
  return `${prefix}-${randomCodeGroup()}-${unixSeconds(now)}`;
}
