"use client";

import useSWR from "swr";

export type PaymentStatus = {
  status: string;
  amount: string;
  final_amount: string | null;
  expires_at: string | null;
  attempt?: string | null;
};

const fetcher = async (url: string): Promise<PaymentStatus> => {
  const res = await fetch(url, { cache: "no-store" });
  if (!res.ok) throw new Error(`status ${res.status}`);
  return res.json() as Promise<PaymentStatus>;
};

const FINAL = ["completed", "canceled", "expired", "failed", "success", "cancelled", "refunded", "rejected"];

/** Follows a payment live: polls every 3 s until it reaches a final status. */
export function usePaymentStatus(token: string, fallback: PaymentStatus) {
  return useSWR(`/api/pay/${token}`, fetcher, {
    fallbackData: fallback,
    refreshInterval: (data) => (data && FINAL.includes(data.status) ? 0 : 3000),
    revalidateOnFocus: true,
  });
}
