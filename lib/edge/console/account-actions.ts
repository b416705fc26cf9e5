import { revalidatePath } from "next/cache";
import type { AccountKind } from "@/lib/domain/accounts/account-kinds";
import { rotateAccountSecret } from "@/lib/domain/accounts/rotate-account-secret";
import { updateAccountIpWhitelist } from "@/lib/domain/accounts/update-account-ip-whitelist";
import { updateApiSecurity } from "@/lib/domain/accounts/update-api-security";
import type { ActionState } from "@/lib/edge/auth/action-user";
import type { Actor } from "@/lib/domain/audit/record-audit";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { formFlag, formId, formText } from "./form-values";
import { consoleTime } from "./format";
import { guardedAction } from "./guarded-action";

/**
 * The console's actions on a signed account's keys, one implementation for providers and dealers: only
 * admins change them (staff and provider viewers read them), and what differs is words and the page.
 */
const WORDS = {
  provider: (t: ConsoleMessages) => ({
    adminsOnly: t.providers.adminsOnlyChange,
    adminsOnlyCreate: t.providers.adminsOnly,
    unknown: t.providers.unknown,
    savedEmptyWhitelist: t.providers.savedEmptyWhitelist,
    created: t.providers.created,
  }),
  dealer: (t: ConsoleMessages) => ({
    adminsOnly: t.dealers.adminsOnly,
    adminsOnlyCreate: t.dealers.adminsOnly,
    unknown: t.dealers.unknown,
    savedEmptyWhitelist: t.dealers.savedEmptyWhitelist,
    created: t.dealers.created,
  }),
} satisfies Record<AccountKind, unknown>;

/** A new account's keys as the create functions return them; a provider also has a verification key. */
type CreatedAccount = { id: number; api_key: string; secret_key: string; verification_key?: string };

/**
 * Creates a provider or a dealer from the list page's form (admins only) and shows its keys this once;
 * `create` reads the kind's own fields.
 */
export function createAccountAction(kind: AccountKind, create: (actor: Actor) => Promise<CreatedAccount>): Promise<ActionState> {
  return guardedAction(["ADMIN"], (t) => WORDS[kind](t).adminsOnlyCreate, async (_user, actor, t) => {
    const created = await create(actor);
    revalidatePath(`/console/${kind}s`);
    const secrets = [
      { label: t.keys.apiKey, value: created.api_key },
      { label: t.keys.secretKey, value: created.secret_key },
    ];
    if (created.verification_key !== undefined) secrets.push({ label: t.keys.verificationKey, value: created.verification_key });
    return { ok: WORDS[kind](t).created(created.id), secrets };
  });
}

/** One change to an existing account from its detail page: admins only, an unknown id is refused, the page is revalidated. */
export function accountAction(kind: AccountKind, form: FormData, work: (id: number, actor: Actor, t: ConsoleMessages) => Promise<ActionState>) {
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
