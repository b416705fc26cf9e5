import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

export type { Prisma } from "@/lib/generated/prisma/client";

/** A client for a given database; the app uses the `prisma` singleton, tests may open others. */
export function createPrismaClient(connectionString = process.env.DATABASE_URL): PrismaClient {
  if (!connectionString) throw new Error("DATABASE_URL is not set (start the app with npm run dev / npm start)");
  const adapter = new PrismaPg({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE || 10) });
  return new PrismaClient({ adapter });
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

/** One client per process (dev hot reloads reuse it). Created on first use, after DATABASE_URL is known. */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    globalForPrisma.prisma ??= createPrismaClient();
    const value = Reflect.get(globalForPrisma.prisma, property);
    return typeof value === "function" ? value.bind(globalForPrisma.prisma) : value;
  },
});

/** A transaction client or the root client: services accept either (formbricks style). */
export type Db = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

export async function disconnectPrisma(): Promise<void> {
  await globalForPrisma.prisma?.$disconnect();
  globalForPrisma.prisma = undefined;
}
