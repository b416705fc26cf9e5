import { sectionRoles } from "@/components/console/console-nav";
import { AccountListPage, accountListMetadata } from "@/components/console/accounts/account-list-page";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { listProvidersForConsole } from "@/lib/domain/providers/list-providers";
import { createProviderAction } from "./actions";

export const generateMetadata = accountListMetadata("provider");

export default function ProvidersPage() {
  return (
    <AccountListPage
      kind="provider"
      roles={sectionRoles("providers")}
      createAction={createProviderAction}
      load={listProvidersForConsole}
      createFields={({ providers: words, keys, common: c }) => (
        <>
          <TextField label={c.name} name="name" className="w-64" required />
          <TextAreaField
            label={words.ipWhitelistLines}
            name="ipWhitelist"
            rows={3}
            className="w-72"
            placeholder="203.0.113.7"
            spellCheck={false}
          />
          <div className="flex w-full flex-wrap gap-3">
            <TextField label={keys.depositUrl} name="depositCallbackUrl" type="url" className="w-80 max-w-full" />
            <TextField label={keys.withdrawalUrl} name="withdrawalCallbackUrl" type="url" className="w-80 max-w-full" />
            <TextField label={keys.cardUrl} name="creditCardCallbackUrl" type="url" className="w-80 max-w-full" />
          </div>
        </>
      )}
      columns={({ providers: words, keys }) => [
        [words.sites, (p) => p._count.sites, "tabular-nums"],
        [
          keys.ipWhitelist,
          (p) => (p.ipWhitelist.length ? keys.entries(p.ipWhitelist.length) : words.emptyWhitelist),
          "",
        ],
      ]}
    />
  );
}
