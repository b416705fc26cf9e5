"use client";

import { useEffect, useState } from "react";

function remaining(until: string): number {
  return Math.max(0, Math.floor((Date.parse(until) - Date.now()) / 1000));
}

/**
 * mm:ss until the payment request expires; calls onExpire once at zero. The first value is computed where the
 * page is rendered, so the server's HTML already shows the time left before any script runs.
 */
export function Countdown({ until, label, onExpire }: { until: string; label: string; onExpire?: () => void }) {
  const [seconds, setSeconds] = useState(() => remaining(until));
  useEffect(() => {
    const tick = () => {
      const left = remaining(until);
      setSeconds(left);
      if (left === 0) onExpire?.();
      return left;
    };
    if (tick() === 0) return;
    const timer = setInterval(() => {
      if (tick() === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until, onExpire]);
  const text = `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
  return (
    <p className="flex items-center justify-between rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <span>{label}</span>
      {/* The browser's clock differs from the server's by a second or so when it hydrates: not a mismatch to report. */}
      <time className="font-mono text-lg font-semibold tabular-nums" dateTime={`PT${seconds}S`} data-testid="countdown" suppressHydrationWarning>
        {text}
      </time>
    </p>
  );
}
