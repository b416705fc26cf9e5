"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Re-renders the page's server components every `seconds` while the tab is visible. The figures are
 * fetched again on the server with the same guard and tenancy as the first render, so no data route is
 * needed; a hidden tab costs nothing and catches up when it is shown again.
 */
export function AutoRefresh({ seconds }: { seconds: number }) {
  const router = useRouter();
  useEffect(() => {
    let last = Date.now();
    const refresh = () => {
      if (document.visibilityState !== "visible") return;
      last = Date.now();
      router.refresh();
    };
    const timer = setInterval(refresh, seconds * 1000);
    const onVisible = () => Date.now() - last >= seconds * 1000 && refresh();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [router, seconds]);
  return null;
}
