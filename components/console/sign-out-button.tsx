"use client";

import { signOut } from "next-auth/react";

export function SignOutButton() {
  return (
    <button type="button" onClick={() => signOut({ callbackUrl: "/console/login" })} className="text-sm text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline">
      Sign out
    </button>
  );
}
