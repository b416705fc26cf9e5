"use client";

import { useEffect } from "react";

/** Whether a key press belongs to a field being typed in, where "/" is a character and not a shortcut. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * "/" (outside a field) and Ctrl+K or ⌘K (anywhere) put the caret in the header's search box, its text
 * selected; Escape there leaves it. Renders nothing: without scripts the box is simply clicked.
 */
export function SearchShortcut({ inputId }: { inputId: string }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const input = document.getElementById(inputId);
      if (!(input instanceof HTMLInputElement)) return;
      const command = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k";
      const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !typing(event.target);
      if (command || slash) {
        event.preventDefault();
        input.focus();
        input.select();
      } else if (event.key === "Escape" && event.target === input) {
        input.blur();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [inputId]);
  return null;
}
