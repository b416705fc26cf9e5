import { DomainError } from "@/lib/base/errors/domain-error";
import { randomKey } from "@/lib/base/crypto/random";
import { poolQuery, prisma } from "@/lib/base/db/prisma";
import { countTransactionCreated } from "@/lib/base/observability/business-metrics";
import { timePhase } from "@/lib/base/observability/request-phases";
import { Prisma, type Transaction } from "@/lib/generated/prisma/client";
import { claimToLink, recoveredCreate } from "@/lib/domain/idempotency/claim-context";
import { refusal } from "@/lib/base/messages/errors";

/** What a create writes; the columns of the methods that go through here. */
export type NewProviderTransaction = {
  trackingCode: string;
  method: Transaction["method"];
  direction: Transaction["direction"];
  status: Transaction["status"];
  origin: "PROVIDER" | "DEALER";
  /** Null for a dealer's own create: no provider, no site, no blocked-customer list. */
  providerId: number | null;
  siteId: number | null;
  dealerId: number;
  /** The dealer's site integration that made the request, when one did. */
  siteIntegrationId?: number | null;
  userId: string;
  username: string;
  fullname: string;
  amount: string;
  iban?: string | null;
  recipientName?: string | null;
  email?: string | null;
  phone?: string | null;
  orderId?: string | null;
  description?: string | null;
  expiresAt?: Date | null;
  createdAt?: Date;
  /** A third-party withdrawal's gateway and the account it pays to, as the gateway's fields name it. */
  gatewayId?: number | null;
  accountDetails?: Record<string, string> | null;
  withPaymentPage?: boolean;
};

/**
 * Where the money goes, chosen in the same statement: the least recently offered fitting account, whose
 * IBAN, holder and bank are copied onto the deposit as offered (later edits of the account do not reach it).
 */
export type CreateTarget = { kind: "bank-account" } | { kind: "eiban-wallet" } | null;

export type CreatedTransaction = Pick<
  Transaction,
  | "id"
  | "trackingCode"
  | "paymentToken"
  | "direction"
  | "status"
  | "fullname"
  | "username"
  | "userId"
  | "amount"
  | "expiresAt"
  | "createdAt"
  | "orderId"
>;

type Row = { blocked: boolean; claim_ok: boolean; target_found: boolean; id: number | null; created_at: Date | null };

function targetSql(target: CreateTarget, data: NewProviderTransaction, skipLocked: boolean): Prisma.Sql {
  const skip = skipLocked ? Prisma.sql`SKIP LOCKED` : Prisma.empty;
  if (target?.kind === "bank-account") {
    return Prisma.sql`UPDATE bank_accounts SET last_offered_at = now(), updated_at = now()
      WHERE id = (SELECT id FROM bank_accounts
        WHERE dealer_id = ${data.dealerId} AND is_active AND min_amount <= ${data.amount}::numeric AND max_amount
          >= ${data.amount}::numeric
        ORDER BY last_offered_at ASC NULLS FIRST, id LIMIT 1 FOR UPDATE ${skip})
        AND NOT EXISTS (SELECT 1 FROM blocked) AND EXISTS (SELECT 1 FROM claim)
      RETURNING id, NULL::int AS wallet_id, iban, account_name, bank_name`;
  }
  if (target?.kind === "eiban-wallet") {
    return Prisma.sql`UPDATE eiban_wallets SET last_offered_at = now(), updated_at = now()
      WHERE id = (SELECT id FROM eiban_wallets WHERE dealer_id = ${data.dealerId} AND is_active
        ORDER BY last_offered_at ASC NULLS FIRST, id LIMIT 1 FOR UPDATE ${skip})
        AND NOT EXISTS (SELECT 1 FROM blocked) AND EXISTS (SELECT 1 FROM claim)
      RETURNING NULL::int AS id, id AS wallet_id, iban, account_name, bank_name`;
  }
  return Prisma.sql`SELECT NULL::int AS id, NULL::int AS wallet_id, NULL::text AS iban, NULL::text AS account_name,
    NULL::text AS bank_name`;
}

function claimSql(): Prisma.Sql {
  const claim = claimToLink();
  if (!claim) return Prisma.sql`SELECT 1 AS id`;
  // Locked for the statement: a retry taking the lapsed claim over waits, then finds it linked.
  return Prisma.sql`SELECT id FROM idempotency_records
    WHERE id = ${claim.id} AND claim_token = ${claim.token} AND status_code = 0 AND transaction_id IS NULL AND
      transfer_id IS NULL FOR UPDATE`;
}

async function attempt(
  data: NewProviderTransaction,
  actorId: string,
  target: CreateTarget,
  paymentToken: string | null,
  skipLocked: boolean,
): Promise<Row> {
  const claim = claimToLink();
  const createdAt = data.createdAt ?? new Date();
  const statement = Prisma.sql`
    WITH blocked AS (SELECT 1 FROM blocked_customers WHERE provider_id = ${data.providerId}::int AND user_id =
      ${data.userId}),
    claim AS (${claimSql()}),
    target AS (${targetSql(target, data, skipLocked)}),
    created AS (
      INSERT INTO transactions (tracking_code, payment_token, method, direction, origin, status, provider_id,
        site_id, dealer_id, site_integration_id, user_id,
        username, fullname, email, phone, order_id, description, amount, iban, recipient_name, bank_account_id,
          eiban_wallet_id,
        offered_iban, offered_account_name, offered_bank_name, gateway_id, account_details, expires_at, created_at,
          updated_at)
      SELECT ${data.trackingCode}, ${paymentToken}, ${data.method},
        ${data.direction}::"Direction", ${data.origin}::"Origin",
        ${data.status}::"TransactionStatus", ${data.providerId}::int, ${data.siteId}::int, ${data.dealerId},
          ${data.siteIntegrationId ?? null}::int, ${data.userId}, ${data.username}, ${data.fullname},
        ${data.email ?? null}::text, ${data.phone ?? null}::text, ${data.orderId ?? null}::text,
          ${data.description ?? null}::text,
        ${data.amount}::numeric, ${data.iban ?? null}, ${data.recipientName ?? null}, target.id, target.wallet_id,
        target.iban, target.account_name, target.bank_name, ${data.gatewayId ?? null}::int,
        ${data.accountDetails ? JSON.stringify(data.accountDetails) : null}::jsonb,
          ${data.expiresAt ?? null}::timestamptz,
        ${createdAt}::timestamptz, ${createdAt}::timestamptz
      FROM target WHERE NOT EXISTS (SELECT 1 FROM blocked) AND EXISTS (SELECT 1 FROM claim)
      RETURNING id, status, created_at),
    history AS (
      INSERT INTO transaction_events (transaction_id, from_status, to_status, actor_type, actor_id, note_key,
        note_params)
      SELECT id, NULL::"TransactionStatus", status, 'API'::"ActorType", ${actorId}, 'created', '{}'::jsonb FROM
        created),
    linked AS (
      UPDATE idempotency_records SET transaction_id = created.id FROM created WHERE idempotency_records.id =
        ${claim?.id ?? null}::int)
    SELECT EXISTS (SELECT 1 FROM blocked) AS blocked, EXISTS (SELECT 1 FROM claim) AS claim_ok, EXISTS (SELECT 1
      FROM target) AS target_found,
      (SELECT id FROM created) AS id, (SELECT created_at FROM created) AS created_at`;
  // Its text depends only on the target's kind, the claim and SKIP LOCKED: a handful of prepared variants.
  const [row] = await timePhase("create statement", () =>
    poolQuery<Row>(
      statement,
      `pis_create_${target?.kind ?? "none"}_${claim ? "claim" : "free"}_${skipLocked ? "skip" : "wait"}`,
    ),
  );
  return row!;
}

/**
 * A create as one statement in its own transaction: the blocked-customer check, the choice and
 * stamp of the account, the transaction, its first history row and the link to the Idempotency-Key claim
 * commit together or not at all (a claim lost to a retry, or a blocked customer, inserts nothing). It
 * replaces BEGIN, five statements and COMMIT on the hot path. A request recovering a create that committed
 * before its answer was stored gets that transaction back.
 */
export async function createTransactionAtOnce(
  data: NewProviderTransaction,
  actor: { type: "API"; id: string },
  target: CreateTarget = null,
): Promise<CreatedTransaction> {
  const recovered = recoveredCreate("transactionId");
  if (recovered !== null) return prisma.transaction.findUniqueOrThrow({ where: { id: recovered } });
  const paymentToken = data.withPaymentPage ? randomKey("", 24) : null;
  let row = await attempt(data, actor.id, target, paymentToken, true);
  // Every fitting account locked by concurrent offers: wait for one rather than refuse the deposit.
  if (!row.blocked && row.claim_ok && !row.target_found && target)
    row = await attempt(data, actor.id, target, paymentToken, false);
  if (row.blocked) throw DomainError.forbidden("Customer blocked", refusal("customerBlocked"));
  if (!row.claim_ok) throw DomainError.inProgress(1);
  if (row.id === null) {
    if (target?.kind === "eiban-wallet") throw DomainError.validation([refusal("noEibanAccount")]);
    throw DomainError.validation([refusal("noBankAccountFor", { amount: data.amount })]);
  }
  // The statement has committed (it is its own transaction).
  countTransactionCreated(data);
  return {
    id: row.id,
    trackingCode: data.trackingCode,
    paymentToken,
    direction: data.direction,
    status: data.status,
    fullname: data.fullname,
    username: data.username,
    userId: data.userId,
    amount: new Prisma.Decimal(data.amount),
    expiresAt: data.expiresAt ?? null,
    createdAt: row.created_at!,
    orderId: data.orderId ?? null,
  };
}
