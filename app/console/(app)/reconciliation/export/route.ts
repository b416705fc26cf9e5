import { sectionRoles } from "@/components/console/console-nav";
import { withConsoleUser } from "@/lib/edge/auth/with-console-user";
import { exportDiscrepancies } from "@/lib/edge/console/reconciliation-export";

/** CSV of the Reconciliation page's discrepancies (both dialects), within the user's tenancy. */
export const GET = withConsoleUser(sectionRoles("reconciliation"), exportDiscrepancies);
