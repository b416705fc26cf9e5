import { sectionRoles } from "@/components/console/console-nav";
import { withConsoleUser } from "@/lib/edge/auth/with-console-user";
import { exportStatements } from "@/lib/edge/console/ledger-exports";

/** CSV of a pair's statements over the page's range of days, within the user's tenancy. */
export const GET = withConsoleUser(sectionRoles("statements"), exportStatements);
