import { TextAreaField } from "@/components/ui/text-area-field";
import type { ActionState } from "@/lib/edge/auth/action-user";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { MAX_WHITELIST_ENTRIES } from "@/lib/domain/schemas/ip-whitelist";
import { ActionForm } from "./action-form";

type Props = {
  id: number;
  entries: string[];
  emptyMeans: string;
  action: (s: ActionState, f: FormData) => Promise<ActionState>;
  t: ConsoleMessages;
};

/** The whitelist editor: one IP or CIDR per line; a bad line is named in the error and nothing is saved. */
export function IpWhitelistForm({ id, entries, emptyMeans, action, t }: Props) {
  return (
    <ActionForm action={action} submitLabel={t.keys.saveWhitelist} keepValuesOnError>
      <input type="hidden" name="id" value={id} />
      <TextAreaField
        label={t.keys.whitelistLabel}
        name="ipWhitelist"
        rows={Math.min(12, Math.max(4, entries.length + 1))}
        defaultValue={entries.join("\n")}
        placeholder={"203.0.113.7\n198.51.100.0/24\n2001:db8::/32"}
        hint={t.keys.whitelistHint(MAX_WHITELIST_ENTRIES, emptyMeans)}
        className="w-full max-w-md"
        spellCheck={false}
      />
    </ActionForm>
  );
}
