import { CheckboxField } from "@/components/ui/checkbox-field";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { MAX_WHITELIST_ENTRIES } from "@/lib/domain/schemas/ip-whitelist";
import { SITE_SCOPES } from "@/lib/domain/schemas/site-scopes";

type Values = { name: string; scopes: readonly string[]; ips: string[]; origins: string[] };

/** Name, scopes (repeated `scopes` values), the website's IPs and origins: shared by the issue and edit forms. */
export function SiteIntegrationFields({ values, t }: { values: Values; t: ConsoleMessages }) {
  const w = t.siteIntegrations;
  return (
    <div className="flex w-full flex-col gap-3">
      <TextField
        label={w.name}
        name="name"
        defaultValue={values.name}
        maxLength={100}
        className="w-64 max-w-full"
        required
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-700">{w.scopes}</legend>
        {SITE_SCOPES.map((scope) => (
          <CheckboxField
            key={scope}
            label={w.scope[scope]}
            name="scopes"
            value={scope}
            defaultChecked={values.scopes.includes(scope)}
            className="pb-0"
          />
        ))}
      </fieldset>
      <TextAreaField
        label={w.ips}
        name="ips"
        rows={Math.min(8, Math.max(3, values.ips.length + 1))}
        defaultValue={values.ips.join("\n")}
        placeholder={"203.0.113.7\n198.51.100.0/24"}
        hint={w.ipsHint(MAX_WHITELIST_ENTRIES)}
        className="w-full max-w-md"
        spellCheck={false}
      />
      <TextAreaField
        label={w.originsLines}
        name="origins"
        rows={Math.min(5, Math.max(2, values.origins.length + 1))}
        defaultValue={values.origins.join("\n")}
        placeholder="https://shop.example"
        hint={w.originsHint}
        className="w-full max-w-md"
        spellCheck={false}
      />
    </div>
  );
}
