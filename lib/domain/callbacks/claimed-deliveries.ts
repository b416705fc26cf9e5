import { Prisma, type CallbackDelivery, type PrismaClient } from "@/lib/generated/prisma/client";
import { queryOn } from "@/lib/base/db/prisma";

/** A claimed delivery with what signing and addressing it needs: its receiver's keys and current URLs. */
export type ClaimedDelivery = Pick<
  CallbackDelivery,
  | "id"
  | "kind"
  | "url"
  | "trackingCode"
  | "payload"
  | "state"
  | "attemptCount"
  | "scheduleStart"
  | "leaseToken"
  | "requestId"
> & {
  provider: {
    apiKey: string;
    secretKeyEnc: string;
    depositCallbackUrl: string | null;
    withdrawalCallbackUrl: string | null;
    creditCardCallbackUrl: string | null;
  } | null;
  dealer: { apiKey: string; secretKeyEnc: string; creditCardCallbackUrl: string | null } | null;
};

type ClaimedRow = Omit<ClaimedDelivery, "provider" | "dealer"> & {
  p_api_key: string | null;
  p_secret_key_enc: string;
  p_deposit_url: string | null;
  p_withdrawal_url: string | null;
  p_card_url: string | null;
  d_api_key: string | null;
  d_secret_key_enc: string;
  d_card_url: string | null;
};

/** Claimed deliveries with what signing and addressing them needs, in one statement (on the pool: queryOn). */
export async function loadClaimedDeliveries(db: PrismaClient, ids: number[]): Promise<ClaimedDelivery[]> {
  const rows = await queryOn<ClaimedRow>(
    db,
    Prisma.sql`
    SELECT c.id, c.kind::text AS kind, c.url, c.tracking_code AS "trackingCode", c.payload, c.state::text AS state,
      c.attempt_count AS "attemptCount",
      c.schedule_start AS "scheduleStart", c.lease_token AS "leaseToken", c.request_id AS "requestId",
      p.api_key AS p_api_key, p.secret_key_enc AS p_secret_key_enc, p.deposit_callback_url AS p_deposit_url,
      p.withdrawal_callback_url AS p_withdrawal_url, p.credit_card_callback_url AS p_card_url,
      d.api_key AS d_api_key, d.secret_key_enc AS d_secret_key_enc, d.credit_card_callback_url AS d_card_url
    FROM callback_deliveries c
    LEFT JOIN providers p ON p.id = c.provider_id
    LEFT JOIN dealers d ON d.id = c.dealer_id
    WHERE c.id = ANY(${ids}::int[])
    ORDER BY c.next_attempt_at, c.id`,
    "pis_claimed_deliveries",
  );
  return rows.map(
    ({
      p_api_key,
      p_secret_key_enc,
      p_deposit_url,
      p_withdrawal_url,
      p_card_url,
      d_api_key,
      d_secret_key_enc,
      d_card_url,
      ...delivery
    }) => ({
      ...delivery,
      provider:
        p_api_key === null
          ? null
          : {
              apiKey: p_api_key,
              secretKeyEnc: p_secret_key_enc,
              depositCallbackUrl: p_deposit_url,
              withdrawalCallbackUrl: p_withdrawal_url,
              creditCardCallbackUrl: p_card_url,
            },
      dealer:
        d_api_key === null
          ? null
          : { apiKey: d_api_key, secretKeyEnc: d_secret_key_enc, creditCardCallbackUrl: d_card_url },
    }),
  );
}
