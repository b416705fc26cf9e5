import { prisma } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import { dayDate } from "./recon-day";

export type ReconFilter = {
  day?: string;
  from?: string;
  to?: string;
  dealerId?: number;
  gatewayId?: number;
  /** The payment's provider: discrepancies only (a day is run per partner account, not per provider). */
  providerId?: number;
  partner?: string;
  kind?: string;
  status?: string;
};

function dayRange(filter: ReconFilter): Prisma.DateTimeFilter | undefined {
  if (filter.day) return { equals: dayDate(filter.day) };
  if (!filter.from && !filter.to) return undefined;
  return { ...(filter.from ? { gte: dayDate(filter.from) } : {}), ...(filter.to ? { lte: dayDate(filter.to) } : {}) };
}

/** The runs of the filter's days, newest day first: one row per partner account and day. */
export async function listReconRuns(filter: ReconFilter, take = 200) {
  return prisma.reconRun.findMany({
    where: {
      day: dayRange(filter),
      dealerId: filter.dealerId,
      gatewayId: filter.gatewayId,
      partner: filter.partner,
    },
    orderBy: [{ day: "desc" }, { account: "asc" }],
    take,
  });
}

/** The discrepancies of the filter, open ones first, then newest. Dealer staff pass their dealer. */
export async function listDiscrepancies(filter: ReconFilter, take = 200) {
  return prisma.reconDiscrepancy.findMany({
    where: {
      day: dayRange(filter),
      dealerId: filter.dealerId,
      gatewayId: filter.gatewayId,
      providerId: filter.providerId,
      partner: filter.partner,
      kind: filter.kind,
      status: filter.status,
    },
    orderBy: [{ status: "desc" }, { day: "desc" }, { id: "desc" }],
    take,
  });
}

/** One discrepancy with its run, or null (also for another dealer's, when `dealerId` is given). */
export async function getDiscrepancy(id: number, dealerId?: number) {
  const d = await prisma.reconDiscrepancy.findUnique({ where: { id }, include: { run: true } });
  if (!d || (dealerId !== undefined && d.dealerId !== dealerId)) return null;
  return d;
}
