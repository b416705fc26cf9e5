"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server's HTML and during hydration, true once scripts run: for controls that only work with
 * scripts (a search box narrowing a select, a calendar), so the page without scripts never shows them.
 */
export function useScripted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
