"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { LOW_TIME_SECONDS, secondsLeft } from "@/lib/edge/pay/deadline";

/**
 * mm:ss until the payment request closes, beside the clock time it closes at ("until 14:35", worded where the page
 * is rendered, in Turkey's time), so the deadline holds without scripts too. Under LOW_TIME_SECONDS it warns. When
 * it crosses that line, and once at zero, the page is fetched again: the server then decides what is still offered
 * (a changed amount needs time; an expired payment shows its outcome). Its words come from the server, so the
 * payment page's dictionaries stay out of the browser's scripts.
 */
export function Countdown({
  until,
  label,
  deadline,
  lowTime,
}: {
  until: string;
  label: string;
  /** "until 14:35" in the page's language. */
  deadline: string;
  /** The warning shown under LOW_TIME_SECONDS. */
  lowTime: string;
}) {
  const router = useRouter();
  const [seconds, setSeconds] = useState(() => secondsLeft(until));
  const wasLow = useRef(seconds <= LOW_TIME_SECONDS);
  useEffect(() => {
    const tick = () => {
      const left = secondsLeft(until);
      setSeconds(left);
      if (left <= LOW_TIME_SECONDS && !wasLow.current) {
        wasLow.current = true;
        router.refresh();
      }
      if (left === 0) router.refresh();
      return left;
    };
    if (tick() === 0) return;
    const timer = setInterval(() => {
      if (tick() === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until, router]);
  const low = seconds <= LOW_TIME_SECONDS;
  const text = `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
  return (
    <div
      className={
        `rounded-lg px-4 py-3 text-sm ` +
        `${low ? "bg-red-50 text-red-900 ring-1 ring-red-200" : "bg-amber-50 text-amber-950"}`
      }
    >
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span>{label}</span>
        <span className="flex items-baseline gap-2">
          {/* The browser's clock differs from the server's by a second or so when it hydrates: not a mismatch to
             report. */}
          <time
            className="font-mono text-lg font-semibold tabular-nums"
            dateTime={`PT${seconds}S`}
            data-testid="countdown"
            suppressHydrationWarning
          >
            {text}
          </time>
          <span data-testid="deadline">{deadline}</span>
        </span>
      </p>
      {low && (
        <p role="alert" className="mt-1 font-medium" data-testid="low-time" suppressHydrationWarning>
          {lowTime}
        </p>
      )}
    </div>
  );
}
