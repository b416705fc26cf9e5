import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { ipWhitelistTextSchema } from "@/lib/domain/schemas/ip-whitelist";
import { validate } from "@/lib/domain/schemas/validate";
import { accountTable, type AccountKind } from "./account-kinds";
import { refusal } from "@/lib/base/messages/errors";

/**
 * Replaces a provider's or a dealer's whitelist from the editor's text; any bad line refuses the whole
 * change. What an empty whitelist means differs by kind (ACCOUNT_KINDS.emptyWhitelistAllowsAll).
 */
export async function updateAccountIpWhitelist(kind: AccountKind, id: number, text: string, actor: Actor) {
  const ipWhitelist = validate(ipWhitelistTextSchema, text);
  return inTransaction(async (tx) => {
    const accounts = accountTable(tx, kind);
    const before = await accounts.findWhitelist(id);
    if (!before) throw DomainError.notFound(refusal("doesNotExist", { entity: kind, id }));
    const after = await accounts.writeWhitelist(id, ipWhitelist);
    await recordAudit(tx, actor, { action: `${kind}.ip_whitelist`, entityType: kind, entityId: id, before, after });
    return after;
  });
}
