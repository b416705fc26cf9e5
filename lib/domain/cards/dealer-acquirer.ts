import { settings } from "@/lib/base/config/settings";
import { prisma, type Db } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import type { CardAcquirerConnector, ConnectionCheck } from "@/lib/integrations/connectors/ports";
import { CARD_CONNECTORS, cardConnector } from "@/lib/integrations/connectors/registry";
import {
  configRefusal,
  ConnectorConfigError,
  maskConfig,
  openConfig,
  sealConfigKeepingSecrets,
  type SealedConfig,
} from "@/lib/integrations/connectors/sealed-config";
import { alertMoneySettingChanged } from "@/lib/domain/alerts/money-setting-alert";
import { note } from "@/lib/base/messages/notes";
import type { DealerAcquirer, Prisma } from "@/lib/generated/prisma/client";
import { refusal } from "@/lib/base/messages/errors";
import { describeIssue } from "@/lib/domain/schemas/validate";
import type { z } from "zod";

/** A dealer's card acquirer, ready to call: its connector and its opened configuration (never logged). */
export type DealerCardAcquirer = { name: string; connector: CardAcquirerConnector<unknown>; config: unknown };

export const CARD_CONNECTOR_NAMES = Object.keys(CARD_CONNECTORS);

/**
 * The dealer's acquirer when it can take payments here: configured, a connector this build ships, and not
 * a sandbox where the sandbox is off. Null otherwise: the card flow then refuses instead of failing later.
 */
export async function dealerCardAcquirer(db: Db, dealerId: number): Promise<DealerCardAcquirer | null> {
  return openDealerAcquirer(await db.dealerAcquirer.findUnique({ where: { dealerId } }));
}

/** The same, of a dealer_acquirers row already read (a list of them, as the reconciliation reads). */
export function openDealerAcquirer(
  row: Pick<DealerAcquirer, "connector" | "config"> | null,
): DealerCardAcquirer | null {
  const connector = row ? cardConnector(row.connector) : null;
  if (!row || !connector || (connector.sandboxOnly && !settings.sandboxEnabled)) return null;
  try {
    return { name: row.connector, connector, config: openConfig(connector, row.config as SealedConfig) };
  } catch (error) {
    // stored before the connector's schema changed: set it again
    if (error instanceof ConnectorConfigError) return null;
    throw error;
  }
}

export function noAcquirer(): DomainError {
  return DomainError.forbidden("Card acquirer not configured", refusal("noAcquirer"));
}

export async function requireDealerCardAcquirer(db: Db, dealerId: number): Promise<DealerCardAcquirer> {
  const acquirer = await dealerCardAcquirer(db, dealerId);
  if (!acquirer) throw noAcquirer();
  return acquirer;
}

function connectorNamed(name: string): CardAcquirerConnector<unknown> {
  const connector = cardConnector(name);
  if (!connector) throw DomainError.validation([refusal("connectorOneOf", { names: CARD_CONNECTOR_NAMES.join(", ") })]);
  return connector;
}

/**
 * Sets the dealer's acquirer from a configuration checked by the connector's own schema (each bad key named,
 * nothing saved). Secret keys left empty keep the stored value of the same connector: the console never
 * shows them, so an admin changing a store name does not have to type the key again; a changed address asks
 * for them again (sealConfigKeepingSecrets). A money setting: audited (secrets masked) and alerted.
 */
export async function setDealerAcquirer(
  dealerId: number,
  connectorName: string,
  input: Record<string, unknown>,
  actor: Actor,
) {
  const connector = connectorNamed(connectorName);
  const dealer = await prisma.dealer.findUnique({
    where: { id: dealerId },
    select: { id: true, name: true, acquirer: true },
  });
  if (!dealer) throw DomainError.notFound(refusal("doesNotExist", { entity: "dealer", id: dealerId }));
  const before = dealer.acquirer ? (dealer.acquirer.config as SealedConfig) : null;
  let sealed: SealedConfig;
  try {
    sealed = sealConfigKeepingSecrets("dealer_acquirers.config", connector, before, input);
  } catch (error) {
    // A refused key in the rule's own words; an address change that asks for the secrets again as before.
    if (error instanceof ConnectorConfigError) throw acquirerConfigRefusal(error);
    throw configRefusal(error, "connectorProblem");
  }
  const config = sealed as unknown as Prisma.InputJsonValue;
  await inTransaction(async (tx) => {
    await tx.dealerAcquirer.upsert({
      where: { dealerId },
      create: { dealerId, connector: connector.name, config },
      update: { connector: connector.name, config },
    });
    const auditId = await recordAudit(tx, actor, {
      action: "dealer.acquirer_set",
      entityType: "dealer",
      entityId: dealerId,
      before: before ? { connector: before.connector, config: maskConfig(before) } : null,
      after: { connector: connector.name, config: maskConfig(sealed) },
    });
    // Saved as it was (the panel posts every field): nothing for anyone to check.
    if (sealed !== before)
      await alertMoneySettingChanged(tx, actor, {
        auditId,
        dealerId,
        message: note("acquirerSet", {
          dealer: `${dealer.name} (#${dealerId})`,
          connector: connector.name,
          who: actor.label,
        }),
      });
  });
  return showDealerAcquirer(dealerId);
}

/**
 * A configuration the connector's schema refused, one refusal per field and kind of problem ("secretKey is
 * required"; "Gizli anahtar gerekli" in the Turkish console), never the validator's own text.
 */
export function acquirerConfigRefusal(error: ConnectorConfigError): DomainError {
  if (!error.issues.length)
    return DomainError.validation(error.problems.map((problem) => refusal("connectorProblem", { problem })));
  return DomainError.validation(
    error.issues.flatMap((issue) =>
      describeIssue({ ...issue, message: englishRule(issue as z.core.$ZodIssue) } as z.core.$ZodIssue),
    ),
  );
}

/** The rule in the CLI's and API's English, naming the key ("secretKey is required"), instead of zod's defaults. */
function englishRule(issue: z.core.$ZodIssue): string {
  const key = issue.path.map(String).join(".") || "config";
  // A schema's own words ("must be the 8-digit terminal number") say more than a kind of problem.
  if (!/^(Invalid|Too (small|big)|Expected|Unrecognized)/.test(issue.message))
    return issue.message.startsWith(key) ? issue.message : `${key} ${issue.message}`;
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined ? `${key} is required` : `${key} must be a ${issue.expected}`;
    case "too_small":
      return `${key} must be at least ${String(issue.minimum)}${issue.origin === "string" ? " characters" : ""}`;
    case "too_big":
      return `${key} must be at most ${String(issue.maximum)}${issue.origin === "string" ? " characters" : ""}`;
    case "invalid_format":
      return `${key} must be a valid ${issue.format === "url" ? "URL" : issue.format}`;
    case "invalid_value":
      return `${key} must be one of ${issue.values.map(String).join(", ")}`;
    default:
      return issue.message.startsWith(key) ? issue.message : `${key}: ${issue.message}`;
  }
}

/** The dealer's own notification address (/api/webhooks/acquirer/dealers/<id>), for the partner's panel. */
export function dealerNotificationUrl(dealerId: number): string {
  return `${settings.publicBaseUrl}/api/webhooks/acquirer/dealers/${dealerId}`;
}

/** What `acquirer:show` and the console show: the connector and its configuration, secrets masked. */
export async function showDealerAcquirer(dealerId: number) {
  const dealer = await prisma.dealer.findUnique({ where: { id: dealerId }, select: { id: true, acquirer: true } });
  if (!dealer) throw DomainError.notFound(refusal("doesNotExist", { entity: "dealer", id: dealerId }));
  const row = dealer.acquirer;
  const connector = row ? cardConnector(row.connector) : null;
  return {
    dealer_id: dealerId,
    connector: row?.connector ?? null,
    label: connector?.spec.displayName ?? null,
    config: row ? maskConfig(row.config as SealedConfig) : null,
    secret_keys: connector ? [...connector.secretKeys] : [],
    // Whether this build can use the configuration here; whether the acquirer accepts it only a test says.
    configured: Boolean(await dealerCardAcquirer(prisma, dealerId)),
    connection: row ? "untested" : null,
    // An acquirer that sends all of the account's notifications to one URL set in its panel (PayTR) is given this one.
    ...(connector?.notificationReference ? { notification_url: dealerNotificationUrl(dealerId) } : {}),
  };
}

/** The connector's cheapest authenticated call with the stored configuration. */
export async function testDealerAcquirer(dealerId: number): Promise<ConnectionCheck> {
  const row = await prisma.dealerAcquirer.findUnique({ where: { dealerId } });
  if (!row) return { ok: false, message: "No card acquirer is configured for this dealer." };
  const acquirer = await dealerCardAcquirer(prisma, dealerId);
  if (!acquirer)
    return {
      ok: false,
      message:
        `The ${row.connector} connector cannot be used here (a sandbox while the sandbox is off, or an ` +
        `outdated configuration).`,
    };
  return acquirer.connector.testConnection(acquirer.config);
}
