import { sectionRoles } from "@/components/console/console-nav";
import { DEALER_SWITCH_NAMES } from "@/lib/domain/payment-methods/dealer-switches";
import { AccountListPage, accountListMetadata } from "@/components/console/accounts/account-list-page";
import { DealerMethodFields, methodLabels } from "@/components/console/dealers/dealer-method-fields";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { listDealersForConsole } from "@/lib/domain/dealers/list-dealers";
import { createDealerAction } from "./actions";

export const generateMetadata = accountListMetadata("dealer");

export default function DealersPage() {
  return (
    <AccountListPage
      kind="dealer"
      roles={sectionRoles("dealers")}
      createAction={createDealerAction}
      load={listDealersForConsole}
      createFields={(t) => (
        <>
          <TextField label={t.common.name} name="name" className="w-64" required />
          <TextField label={t.dealers.welcomeMessage} name="welcomeMessage" className="w-80 max-w-full" />
          <DealerMethodFields enabled={DEALER_SWITCH_NAMES} t={t} />
          <TextField label={t.keys.cardUrl} name="creditCardCallbackUrl" type="url" className="w-80 max-w-full" />
          <TextAreaField
            label={t.dealers.ipWhitelistLines}
            name="ipWhitelist"
            rows={3}
            className="w-72"
            spellCheck={false}
          />
        </>
      )}
      columns={(t) => [
        [t.dealers.paymentMethods, (d) => methodLabels(d, t), ""],
        [t.dealers.sites, (d) => d._count.sites, "tabular-nums"],
      ]}
    />
  );
}
