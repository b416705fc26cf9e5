import { Counter, Histogram, type Registry } from "prom-client";
import { metrics } from "./metrics";

/**
 * What the business and its partners do, counted by each process (summed over a cluster by its primary).
 * Every label is one of a few known values (a method, a status, a connector's registry name, an outcome):
 * never a tracking code, an IBAN, an account or a user, which would make a series per customer.
 */
export type PartnerOutcome = "ok" | "refused" | "duplicate" | "retry" | "error";
export type SignatureSource =
  "provider_api" | "dealer_api" | "bank_webhook" | "gateway_webhook" | "acquirer_webhook" | "sandbox" | "other";
export type SignatureReason = "invalid_hash" | "invalid_signature" | "invalid_verification_key" | "signature_required";
export type RateLimitName = "api_key" | "callback_resend" | "sign_in_account" | "sign_in_address" | "other";
export type SignInFailure = "credentials" | "too_many_attempts" | "second_factor" | "error";

type Transaction = "method" | "direction" | "status";
type Defined = {
  created: Counter<Transaction>;
  transitions: Counter<Transaction>;
  partnerCalls: Histogram<"connector" | "kind" | "operation" | "outcome">;
  partnerRejections: Counter<"connector" | "kind" | "message">;
  signatureFailures: Counter<"source" | "reason">;
  rateLimited: Counter<"limit">;
  signInFailures: Counter<"reason">;
  secondFactorFailures: Counter;
};

function define(registry: Registry): Defined {
  const registers = [registry];
  return {
    created: new Counter({
      name: "payment_transactions_created_total",
      help: "Transactions created, by payment method, direction and first status",
      labelNames: ["method", "direction", "status"],
      registers,
    }),
    transitions: new Counter({
      name: "payment_transaction_transitions_total",
      help:
        "Transactions that reached a status (completed, success, failed, expired...), by payment method, " +
        "direction and the status reached",
      labelNames: ["method", "direction", "status"],
      registers,
    }),
    partnerCalls: new Histogram({
      name: "partner_call_duration_seconds",
      help:
        "Calls to partners (acquirers, gateways, the bank) by connector, partner kind, operation and outcome " +
        "(ok, refused, duplicate, retry, error)",
      labelNames: ["connector", "kind", "operation", "outcome"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30],
      registers,
    }),
    partnerRejections: new Counter({
      name: "partner_message_rejections_total",
      help:
        "Messages claiming to come from a partner (returns, notifications) that failed its connector's " +
        "verification, by connector, partner kind and message",
      labelNames: ["connector", "kind", "message"],
      registers,
    }),
    signatureFailures: new Counter({
      name: "signature_failures_total",
      help: "Requests refused for their signature, hash or key (401), by source and reason",
      labelNames: ["source", "reason"],
      registers,
    }),
    rateLimited: new Counter({
      name: "rate_limit_refusals_total",
      help: "Hits refused by a rate limit (429 for the API), by limit",
      labelNames: ["limit"],
      registers,
    }),
    signInFailures: new Counter({
      name: "console_sign_in_failures_total",
      help: "Failed console sign-ins by reason (credentials, too_many_attempts, second_factor, error)",
      labelNames: ["reason"],
      registers,
    }),
    secondFactorFailures: new Counter({
      name: "second_factor_failures_total",
      help: "Second-factor codes refused (wrong, reused or spent), at sign-in and in the console",
      registers,
    }),
  };
}

// Defined once per process on the shared registry, whichever module instance (server or Next bundle) asks first.
const key = Symbol.for("pis.metrics.business");
const holder = globalThis as { [key]?: Defined };

export function businessMetrics(): Defined {
  return (holder[key] ??= define(metrics().registry));
}

type TransactionLabels = { method: string; direction: string; status: string };

export function countTransactionCreated(t: TransactionLabels): void {
  businessMetrics().created.inc({ method: t.method, direction: t.direction, status: t.status });
}

export function countTransactionTransition(t: TransactionLabels): void {
  businessMetrics().transitions.inc({ method: t.method, direction: t.direction, status: t.status });
}

export function observePartnerCall(
  labels: { connector: string; kind: string; operation: string; outcome: PartnerOutcome },
  seconds: number,
): void {
  businessMetrics().partnerCalls.observe(labels, seconds);
}

export function countPartnerMessageRejected(labels: {
  connector: string;
  kind: string;
  message: "return" | "notification";
}): void {
  businessMetrics().partnerRejections.inc(labels);
}

export function countSignatureFailure(source: SignatureSource, reason: SignatureReason): void {
  businessMetrics().signatureFailures.inc({ source, reason });
}

export function countRateLimitRefusal(limit: RateLimitName): void {
  businessMetrics().rateLimited.inc({ limit });
}

export function countSignInFailure(reason: SignInFailure): void {
  businessMetrics().signInFailures.inc({ reason });
}

export function countSecondFactorFailure(): void {
  businessMetrics().secondFactorFailures.inc();
}
