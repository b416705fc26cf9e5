import { DEALER_SWITCH_NAMES, SWITCH_SELECT } from "@/lib/domain/payment-methods/dealer-switches";
import { AccountListPage, accountListMetadata } from "@/components/console/accounts/account-list-page";
import { DealerMethodFields, methodLabels } from "@/components/console/dealers/dealer-method-fields";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { dealerScope } from "@/lib/domain/access/management-scope";
import { prisma } from "@/lib/base/db/prisma";
import { createDealerAction } from "./actions";

export const generateMetadata = accountListMetadata("dealer");

export default function DealersPage() {
  return (
    <AccountListPage kind="dealer" roles={["ADMIN", "DEALER"]} createAction={createDealerAction}
      load={(user) => prisma.dealer.findMany({ where: dealerScope(user), orderBy: { id: "asc" }, select: { id: true, name: true, apiKey: true, isActive: true, ...SWITCH_SELECT, _count: { select: { sites: true } } } })}
      createFields={(t) => (
        <>
          <TextField label={t.common.name} name="name" className="w-64" required />
          <TextField label={t.dealers.welcomeMessage} name="welcomeMessage" className="w-80 max-w-full" />
          <DealerMethodFields enabled={DEALER_SWITCH_NAMES} t={t} />
          <TextField label={t.keys.cardUrl} name="creditCardCallbackUrl" type="url" className="w-80 max-w-full" />
          <TextAreaField label={t.dealers.ipWhitelistLines} name="ipWhitelist" rows={3} className="w-72" spellCheck={false} />
        </>
      )}
      columns={(t) => [
        [t.dealers.paymentMethods, (d) => methodLabels(d, t), ""],
        [t.dealers.sites, (d) => d._count.sites, "tabular-nums"],
      ]}
    />
  );
}
