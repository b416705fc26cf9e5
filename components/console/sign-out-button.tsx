"use client";

import { signOut } from "next-auth/react";
import { useConsoleText } from "./console-lang";

export function SignOutButton() {
  const t = useConsoleText();
  return (
    <button
      type="button"
      onClick={() => signOut({ callbackUrl: "/console/login" })}
      className="text-sm text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline"
    >
      {t.signOut}
    </button>
  );
}
