import type { Db } from "@/lib/base/db/prisma";

/** The two kinds of signed API account: a provider (three hash formulas) and a dealer (one). */
export type AccountKind = "provider" | "dealer";

type SecretRow = { secretKeyEnc: string; previousSecretValidTo: Date | null };
type SecretData = { secretKeyEnc: string; previousSecretKeyEnc: string | null; previousSecretValidTo: Date | null };

/**
 * What differs between providers and dealers, as data: the name in messages, the prefixes of a new API key
 * and secret,
 * whether an empty IP whitelist lets every address in (dealers) or none (providers, docs/decisions.md), and
 * the table (and its name in the registry of sealed columns). Everything else (rotation with grace, whitelist updates,
 * API security) is one implementation.
 */
export const ACCOUNT_KINDS = {
  provider: {
    label: "Provider",
    apiKeyPrefix: "pk_",
    secretPrefix: "sk_",
    emptyWhitelistAllowsAll: false,
    table: (db: Db) => db.provider,
    sealedTable: "providers",
  },
  dealer: {
    label: "Dealer",
    apiKeyPrefix: "dk_",
    secretPrefix: "ds_",
    emptyWhitelistAllowsAll: true,
    table: (db: Db) => db.dealer,
    sealedTable: "dealers",
  },
} as const satisfies Record<
  AccountKind,
  {
    label: "Provider" | "Dealer";
    apiKeyPrefix: string;
    secretPrefix: string;
    emptyWhitelistAllowsAll: boolean;
    table: unknown;
    sealedTable: "providers" | "dealers";
  }
>;

/**
 * The columns every signed account has, read and written the same way for either table (Prisma's two
 * delegates have no common type; these few calls are all the account functions need).
 */
export function accountTable(db: Db, kind: AccountKind) {
  const table = ACCOUNT_KINDS[kind].table(db) as unknown as {
    findUnique(args: { where: { id: number }; select?: Record<string, true> }): Promise<Record<string, unknown> | null>;
    update(args: {
      where: { id: number };
      data: Record<string, unknown>;
      select?: Record<string, true>;
    }): Promise<Record<string, unknown>>;
  };
  return {
    findSecret: (id: number) =>
      table.findUnique({
        where: { id },
        select: { secretKeyEnc: true, previousSecretValidTo: true },
      }) as Promise<SecretRow | null>,
    writeSecret: (id: number, data: SecretData) => table.update({ where: { id }, data, select: { id: true } }),
    findWhitelist: (id: number) =>
      table.findUnique({ where: { id }, select: { ipWhitelist: true } }) as Promise<{ ipWhitelist: string[] } | null>,
    writeWhitelist: (id: number, ipWhitelist: string[]) =>
      table.update({ where: { id }, data: { ipWhitelist }, select: { ipWhitelist: true } }) as Promise<{
        ipWhitelist: string[];
      }>,
  };
}
