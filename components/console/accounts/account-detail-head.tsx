import Link from "next/link";
import type { ReactNode } from "react";
import type { AccountKind } from "@/lib/domain/accounts/account-kinds";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/**
 * The top of a provider's or a dealer's page: the admin's way back to the list, the name, and a line with
 * the number, the status and whatever else the kind shows there (`more`, each part after a " · ").
 */
export function AccountDetailHead({
  kind,
  account: a,
  isAdmin,
  t,
  more,
}: {
  kind: AccountKind;
  account: { id: number; name: string; isActive: boolean };
  isAdmin: boolean;
  t: ConsoleMessages;
  more?: ReactNode;
}) {
  const words = t[`${kind}s`];
  return (
    <div>
      {isAdmin && (
        <Link href={`/console/${kind}s`} className="text-sm text-brand-700 hover:underline">
          {words.back}
        </Link>
      )}
      <h1 className="text-2xl font-semibold">{a.name}</h1>
      <p className="text-sm text-slate-600">
        {words.number(a.id)} · {a.isActive ? t.common.activeLower : t.common.inactiveLower}
        {more}
      </p>
    </div>
  );
}
