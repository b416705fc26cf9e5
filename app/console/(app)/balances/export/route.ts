import { sectionRoles } from "@/components/console/console-nav";
import { exportBalances } from "@/lib/edge/console/ledger-exports";
import { withConsoleUser } from "@/lib/edge/auth/with-console-user";

/** CSV of the Balances page's view (the same query string), within the user's tenancy. */
export const GET = withConsoleUser(sectionRoles("balances"), exportBalances);
