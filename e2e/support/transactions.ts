import { randomCodeGroup, randomKey } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";

type Tenant = { provider: { id: number }; dealer: { id: number }; site: { id: number } };

/** A transaction row as the create endpoints would write it; tests move it with transitionTransaction. */
export async function insertTransaction(tenant: Tenant, data: Partial<Prisma.TransactionUncheckedCreateInput> = {}) {
  const prefix = data.direction === "PAYMENT" ? "CC" : data.direction === "WITHDRAWAL" ? "WIT" : "MAN";
  return prisma.transaction.create({
    data: {
      trackingCode: `${prefix}-${randomCodeGroup()}-${Math.floor(Date.now() / 1000)}`,
      paymentToken: randomKey("", 24),
      method: "MANUAL_BANK",
      direction: "DEPOSIT",
      origin: "PROVIDER",
      status: "pending",
      providerId: tenant.provider.id,
      siteId: tenant.site.id,
      dealerId: tenant.dealer.id,
      userId: "user-42",
      username: "ayse.k",
      fullname: "Ayşe Kaya",
      amount: "150.00",
      ...data,
    },
  });
}
