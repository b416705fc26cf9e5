import { blockCustomer } from "@/lib/domain/customers/block-customer";
import { listBlockedCustomers } from "@/lib/domain/customers/list-blocked-customers";
import { unblockCustomer } from "@/lib/domain/customers/unblock-customer";
import { listed, optionalId, positiveInt, type Commands } from "./command";

/** Blocked customers: the console's Blocked customers page. */
export const CUSTOMER_COMMANDS: Commands = {
  "block:add": {
    usage: "--provider ID --user-id U [--reason R]",
    flags: ["provider", "user-id", "reason"],
    run: ({ flags }, actor) =>
      blockCustomer(
        { providerId: positiveInt(flags.provider, "provider"), userId: flags["user-id"]!, reason: flags.reason },
        actor,
      ),
  },
  "block:list": {
    usage: "[--provider ID]",
    flags: ["provider"],
    run: async ({ flags }) =>
      listed("blocked_customers", await listBlockedCustomers({ providerId: optionalId(flags.provider, "provider") })),
  },
  "block:remove": {
    usage: "--id BLOCK_ID",
    flags: ["id"],
    run: ({ flags }, actor) => unblockCustomer(positiveInt(flags.id, "id"), actor),
  },
};
