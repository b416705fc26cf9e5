import { prisma } from "@/lib/db/prisma";
import { verifyingSecrets } from "@/lib/auth/account-secrets";
import type { SignedAccount } from "@/lib/auth/signed-request";

export type AuthenticatedDealer = SignedAccount & {
  id: number;
  name: string;
  rateLimitPerMinute: number | null;
  welcomeMessage: string | null;
  methods: { creditCard: boolean; eiban: boolean; manualIban: boolean };
};

export async function findDealerByApiKey(apiKey: string): Promise<AuthenticatedDealer | null> {
  const row = await prisma.dealer.findUnique({ where: { apiKey } });
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    rateLimitPerMinute: row.rateLimitPerMinute,
    welcomeMessage: row.welcomeMessage,
    apiKey: row.apiKey,
    secrets: verifyingSecrets(row),
    isActive: row.isActive,
    ipWhitelist: row.ipWhitelist,
    methods: { creditCard: row.creditCardEnabled, eiban: row.eibanEnabled, manualIban: row.manualIbanEnabled },
    requireSignedBodies: row.requireSignedBodies,
    maxTransactionAmount: row.maxTransactionAmount.toFixed(2),
  };
}
