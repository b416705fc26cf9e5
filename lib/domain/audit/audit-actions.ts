/**
 * Every action the audit log records, as "<entity>.<verb>": the console words each (describe-audit-action)
 * and offers them, in words, as the log's action filter. audit-actions.test.ts fails when code records an
 * action that is not listed here or the dictionaries do not word one.
 */
export const AUDIT_ACTIONS = [
  "alert.resolve",
  "balances.export",
  "bank_account.create",
  "bank_account.update",
  "callback.resend",
  "callback.test",
  "customer.block",
  "customer.unblock",
  "dealer.acquirer_set",
  "dealer.api_security",
  "dealer.create",
  "dealer.ip_whitelist",
  "dealer.rotate_secret",
  "dealer.update",
  "eiban_wallet.create",
  "eiban_wallet.update",
  "fee_schedule.create",
  "gateway.create",
  "gateway.rotate_secret",
  "gateway.update",
  "ledger.adjustment",
  "ledger.backfill",
  "provider.api_security",
  "provider.create",
  "provider.ip_whitelist",
  "provider.rotate_secret",
  "provider.rotate_verification_key",
  "provider.settings",
  "provider.update",
  "secrets.reencrypt",
  "settlement.create",
  "site.create",
  "site.rotate_credential_key",
  "site.update",
  "site_integration.create",
  "site_integration.revoke",
  "site_integration.rotate_secret",
  "site_integration.update",
  "statements.export",
  // A staff move records the transaction's new status in the console's words (a rejected deposit: rejected).
  "transaction.processing",
  "transaction.completed",
  "transaction.canceled",
  "transaction.rejected",
  "transaction.failed",
  "transaction.refunded",
  "transaction.refund",
  "transaction.refund_failed",
  "transaction.refund_refused",
  "transaction.refund_unknown",
  "transaction.refund_not_made",
  "transaction.refund_checked",
  "transaction.refund_retried",
  "transaction.second_approval_declined",
  "transaction.second_approval_requested",
  "transactions.export",
  "user.create",
  "user.second_factor.disable",
  "user.second_factor.enable",
  "user.set_password",
  "user.update",
] as const;

/** The entity of an action: what comes before its first dot. */
export function auditEntityOf(action: string): string {
  const dot = action.indexOf(".");
  return dot < 0 ? action : action.slice(0, dot);
}
