import type { AccountKind } from "@/lib/domain/accounts/account-kinds";
import { rotateAccountSecret } from "@/lib/domain/accounts/rotate-account-secret";
import { updateAccountIpWhitelist } from "@/lib/domain/accounts/update-account-ip-whitelist";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { listed, rotateSecretCommand, setIpsCommand, updateCommand, type Command, type Commands } from "./command";

/**
 * A provider's or a dealer's commands, one implementation: `<kind>:create`, `:list`, `:update`, `:set-ips`,
 * `:rotate-secret`. What differs is data: the create command, the list (a changed account is printed as its
 * list shows it), the update's flags and how they map onto the kind's update, and the kind's own commands
 * (`settings` before the secret's rotation, `more` after it, in the order the help prints them).
 */
export function accountCommands<T>(
  kind: AccountKind,
  spec: {
    create: Command;
    list: (filter?: { id?: number }) => Promise<unknown[]>;
    update: {
      usage: string;
      fields: string[];
      load: (id: number) => Promise<T | null>;
      save: (id: number, flags: Record<string, string>, current: T, actor: Actor) => Promise<unknown>;
    };
    settings?: Commands;
    more?: Commands;
  },
): Commands {
  const shown = async (id: number) => (await spec.list({ id }))[0];
  return {
    [`${kind}:create`]: spec.create,
    [`${kind}:list`]: { usage: "", flags: [], run: async () => listed(`${kind}s`, await spec.list()) },
    [`${kind}:update`]: updateCommand({ what: kind, ...spec.update, shown }),
    [`${kind}:set-ips`]: setIpsCommand((id, text, actor) => updateAccountIpWhitelist(kind, id, text, actor), shown),
    ...spec.settings,
    [`${kind}:rotate-secret`]: rotateSecretCommand((id, actor, grace) => rotateAccountSecret(kind, id, actor, grace)),
    ...spec.more,
  };
}
