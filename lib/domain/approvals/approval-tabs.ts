import type { Prisma } from "@/lib/generated/prisma/client";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import { DEPOSIT_QUEUE, WITHDRAWAL_QUEUE } from "./approval-queue-filters";
import type { QueueSize } from "./count-approval-queues";

/**
 * The approvals page's tabs, in the order an operator works them: what the banks and gateways reported
 * that needs a person, deposits whose customer says they paid, withdrawals to decide, withdrawals being
 * paid out, and deposits whose page is merely open. Each transaction tab is one status of the staff queues
 * (derived from the lifecycle table), so the tabs together hold exactly what the dashboard counts.
 */
export const APPROVAL_TABS = ["attention", "sent", "withdrawals", "paying", "open"] as const;
export type ApprovalTab = (typeof APPROVAL_TABS)[number];
export type TransactionTab = Exclude<ApprovalTab, "attention">;

const TAB_QUEUES: Record<TransactionTab, { queue: Prisma.TransactionWhereInput; status: TransactionStatus }> = {
  sent: { queue: DEPOSIT_QUEUE, status: "pending" },
  withdrawals: { queue: WITHDRAWAL_QUEUE, status: "pending" },
  paying: { queue: WITHDRAWAL_QUEUE, status: "processing" },
  open: { queue: DEPOSIT_QUEUE, status: "showing" },
};

export function isApprovalTab(value: unknown): value is ApprovalTab {
  return typeof value === "string" && (APPROVAL_TABS as readonly string[]).includes(value);
}

export function tabWhere(tab: TransactionTab): Prisma.TransactionWhereInput {
  const { queue, status } = TAB_QUEUES[tab];
  return { AND: [queue, { status }] };
}

/** Each tab's size from the dashboard's uncapped queue counts (the same filters), plus the open alerts. */
export function tabCounts(sizes: QueueSize[], alerts: number): Record<ApprovalTab, number> {
  const count = (tab: TransactionTab) => {
    const { queue, status } = TAB_QUEUES[tab];
    return sizes
      .filter((s) => s.direction === queue.direction && s.status === status)
      .reduce((sum, s) => sum + s.count, 0);
  };
  return {
    attention: alerts,
    sent: count("sent"),
    withdrawals: count("withdrawals"),
    paying: count("paying"),
    open: count("open"),
  };
}

/** Without a chosen tab, the first one with work in it (Needs attention first); else customer-says-sent. */
export function defaultTab(counts: Record<ApprovalTab, number>): ApprovalTab {
  return APPROVAL_TABS.find((tab) => counts[tab] > 0) ?? "sent";
}
