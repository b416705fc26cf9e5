"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { usePaymentStatus, type PaymentStatus } from "@/lib/edge/swr/use-payment-status";

/**
 * Follows the open payment page's payment: a change made elsewhere (staff, the bank, a gateway) is noticed by
 * polling and the page is fetched again with router.refresh(), so the server renders the new state in full. It
 * renders nothing: the page itself is server components.
 */
export function StatusWatch({ token, initial }: { token: string; initial: PaymentStatus }) {
  const router = useRouter();
  const { data } = usePaymentStatus(token, initial);
  const polled = `${data?.status}/${data?.amount}/${data?.attempt ?? ""}`;
  const previous = useRef(polled);
  useEffect(() => {
    if (previous.current !== polled) router.refresh();
    previous.current = polled;
  }, [polled, router]);
  return null;
}
