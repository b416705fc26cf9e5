"use client";

import { useEffect, useRef, type ReactNode } from "react";

const ROW = "[data-queue-row]";

/**
 * Keyboard work on a queue: j / k (or the arrow keys) move between rows, and a key named by a row's
 * action (data-shortcut, e.g. "a" approve, "r" reject) opens that action's confirmation. Typing in a field
 * or an open dialog is left alone. Without scripts the rows are still reached with Tab.
 */
export function QueueKeys({ children }: { children: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.altKey || event.ctrlKey || event.metaKey || target.closest("input, textarea, select, [popover]"))
        return;
      const rows = [...node.querySelectorAll<HTMLElement>(ROW)];
      if (rows.length === 0) return;
      const current = target.closest<HTMLElement>(ROW);
      const index = current ? rows.indexOf(current) : -1;
      const key = event.key.toLowerCase();
      if (key === "j" || key === "arrowdown" || key === "k" || key === "arrowup") {
        const step = key === "j" || key === "arrowdown" ? 1 : -1;
        const next = rows[Math.min(rows.length - 1, Math.max(0, index + step))] ?? rows[0]!;
        next.focus();
        next.scrollIntoView({ block: "nearest" });
        event.preventDefault();
        return;
      }
      const trigger = (current ?? rows[0])!.querySelector<HTMLButtonElement>(`[data-shortcut="${CSS.escape(key)}"]`);
      if (trigger) {
        trigger.click();
        event.preventDefault();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <div ref={container} className="flex flex-col gap-3">
      {children}
    </div>
  );
}
