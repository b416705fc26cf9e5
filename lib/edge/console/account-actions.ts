import { revalidatePath } from "next/cache";
import type { AccountKind } from "@/lib/domain/accounts/account-kinds";
import { rotateAccountSecret } from "@/lib/domain/accounts/rotate-account-secret";
import { updateAccountIpWhitelist } from "@/lib/domain/accounts/update-account-ip-whitelist";
import { updateApiSecurity } from "@/lib/domain/accounts/update-api-security";
import type { ActionState } from "@/lib/edge/auth/action-user";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { formFlag, formId, formText } from "./form-values";
import { consoleTime } from "./format";
import { guardedAction } from "./guarded-action";

/**
 * The console's actions on a signed account's keys, one implementation for providers and dealers: only
 * admins change them (staff and provider viewers read them), and what differs is words and the page.
 */
const WORDS = {
  provider: (t: ConsoleMessages) => ({ adminsOnly: t.providers.adminsOnlyChange, unknown: t.providers.unknown, savedEmptyWhitelist: t.providers.savedEmptyWhitelist }),
  dealer: (t: ConsoleMessages) => ({ adminsOnly: t.dealers.adminsOnly, unknown: t.dealers.unknown, savedEmptyWhitelist: t.dealers.savedEmptyWhitelist }),
} satisfies Record<AccountKind, unknown>;

function accountAction(kind: AccountKind, form: FormData, work: (id: number, actor: Parameters<typeof updateApiSecurity>[3], t: ConsoleMessages) => Promise<ActionState>) {
  return guardedAction(["ADMIN"], (t) => WORDS[kind](t).adminsOnly, async (_user, actor, t) => {
    const id = formId(form);
    if (!id) return { error: WORDS[kind](t).unknown };
    const state = await work(id, actor, t);
    revalidatePath(`/console/${kind}s/${id}`);
    return state;
  });
}

export function accountWhitelistAction(kind: AccountKind, form: FormData): Promise<ActionState> {
  return accountAction(kind, form, async (id, actor, t) => {
    const { ipWhitelist } = await updateAccountIpWhitelist(kind, id, formText(form, "ipWhitelist"), actor);
    return { ok: ipWhitelist.length ? t.keys.savedEntries(ipWhitelist.length) : WORDS[kind](t).savedEmptyWhitelist };
  });
}

export function rotateAccountSecretAction(kind: AccountKind, form: FormData): Promise<ActionState> {
  return accountAction(kind, form, async (id, actor, t) => {
    const rotated = await rotateAccountSecret(kind, id, actor, Number(formText(form, "graceSeconds") || "0"));
    const until = rotated.previous_secret_valid_until;
    return {
      ok: until ? t.keys.newSecretUntil(consoleTime(new Date(until), t.lang)) : t.keys.newSecretNow,
      secrets: [{ label: t.keys.secretKey, value: rotated.secret_key }],
    };
  });
}

export function accountSecurityAction(kind: AccountKind, form: FormData): Promise<ActionState> {
  return accountAction(kind, form, async (id, actor, t) => {
    await updateApiSecurity(kind, id, { requireSignedBodies: formFlag(form, "requireSignedBodies"), maxTransactionAmount: formText(form, "maxTransactionAmount") }, actor);
    return { ok: t.common.saved };
  });
}
