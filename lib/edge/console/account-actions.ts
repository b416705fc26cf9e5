import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { AccountKind } from "@/lib/domain/accounts/account-kinds";
import { rotateAccountSecret } from "@/lib/domain/accounts/rotate-account-secret";
import { updateAccountIpWhitelist } from "@/lib/domain/accounts/update-account-ip-whitelist";
import { updateApiSecurity } from "@/lib/domain/accounts/update-api-security";
import type { ActionState } from "@/lib/edge/auth/action-user";
import type { Actor } from "@/lib/domain/audit/record-audit";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { ConsoleAct } from "./console-action";
import { formField } from "./form-fields";
import { consoleTime } from "./format";

/**
 * The console's work on a signed account's keys, one implementation for providers and dealers. Each action
 * file builds its actions with consoleAction and `ACCOUNT_ROLES` (only admins change accounts; staff and
 * provider viewers read them); what differs between the kinds is words and the page.
 */
export const ACCOUNT_ROLES = ["ADMIN"] as const;

const WORDS = {
  provider: (t: ConsoleMessages) => ({
    unknown: t.providers.unknown,
    savedEmptyWhitelist: t.providers.savedEmptyWhitelist,
    created: t.providers.created,
  }),
  dealer: (t: ConsoleMessages) => ({
    unknown: t.dealers.unknown,
    savedEmptyWhitelist: t.dealers.savedEmptyWhitelist,
    created: t.dealers.created,
  }),
} satisfies Record<AccountKind, unknown>;

/** A new account's keys as the create functions return them; a provider also has a verification key. */
type CreatedAccount = { id: number; api_key: string; secret_key: string; verification_key?: string };

/** Creates a provider or a dealer from the list page's form and shows its keys this once. */
export async function createAccount(
  kind: AccountKind,
  { actor, t }: ConsoleAct<unknown>,
  create: (actor: Actor) => Promise<CreatedAccount>,
): Promise<ActionState> {
  const created = await create(actor);
  revalidatePath(`/console/${kind}s`);
  const secrets = [
    { label: t.keys.apiKey, value: created.api_key },
    { label: t.keys.secretKey, value: created.secret_key },
  ];
  if (created.verification_key !== undefined)
    secrets.push({ label: t.keys.verificationKey, value: created.verification_key });
  return { ok: WORDS[kind](t).created(created.id), secrets };
}

/** The fields of every change to an existing account: its id and what the key panels post. */
export const accountChangeFields = {
  id: formField.id,
  ipWhitelist: formField.text,
  graceSeconds: formField.text,
  requireSignedBodies: formField.flag,
  // Typed in the console's format ("1.000.000,00" in Turkish, "1,000,000.00" in English), normalised here.
  maxTransactionAmount: formField.amount,
};
export const accountChangeSchema = z.object(accountChangeFields);

type AccountChange = { id: number | null };

/** One change to an existing account from its detail page: an unknown id is refused, the page is revalidated. */
export async function changeAccount<Input extends AccountChange>(
  kind: AccountKind,
  act: ConsoleAct<Input>,
  work: (id: number, act: ConsoleAct<Input>) => Promise<ActionState>,
): Promise<ActionState> {
  const id = act.input.id;
  if (!id) return { error: WORDS[kind](act.t).unknown };
  const state = await work(id, act);
  revalidatePath(`/console/${kind}s/${id}`);
  return state;
}

type KeyPanels = z.output<typeof accountChangeSchema>;

export function changeAccountWhitelist(kind: AccountKind, act: ConsoleAct<KeyPanels>): Promise<ActionState> {
  return changeAccount(kind, act, async (id, { input, actor, t }) => {
    const { ipWhitelist } = await updateAccountIpWhitelist(kind, id, input.ipWhitelist, actor);
    return { ok: ipWhitelist.length ? t.keys.savedEntries(ipWhitelist.length) : WORDS[kind](t).savedEmptyWhitelist };
  });
}

export function rotateSecretOfAccount(kind: AccountKind, act: ConsoleAct<KeyPanels>): Promise<ActionState> {
  return changeAccount(kind, act, async (id, { input, actor, t }) => {
    const rotated = await rotateAccountSecret(kind, id, actor, Number(input.graceSeconds || "0"));
    const until = rotated.previous_secret_valid_until;
    return {
      ok: until ? t.keys.newSecretUntil(consoleTime(new Date(until), t.lang)) : t.keys.newSecretNow,
      secrets: [{ label: t.keys.secretKey, value: rotated.secret_key }],
    };
  });
}

export function changeAccountSecurity(kind: AccountKind, act: ConsoleAct<KeyPanels>): Promise<ActionState> {
  return changeAccount(kind, act, async (id, { input, actor, t }) => {
    await updateApiSecurity(
      kind,
      id,
      { requireSignedBodies: input.requireSignedBodies, maxTransactionAmount: input.maxTransactionAmount },
      actor,
    );
    return { ok: t.common.saved };
  });
}
