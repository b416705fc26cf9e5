import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { ibanFromBban } from "@/lib/base/iban/iban";
import type { CreateSiteIntegrationInput } from "@/lib/domain/schemas/site-integration";
import { createSiteIntegration } from "@/lib/domain/site-integrations/create-site-integration";
import { addFundedWallet, createTenant } from "./fixtures";

const ACTOR = { label: "test" };
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");

/** A site integration issued as the console issues it, with the credentials a website would be given. */
export async function issueSiteIntegration(
  dealerId: number,
  options: Omit<Partial<CreateSiteIntegrationInput>, "dealerId"> = {},
) {
  const created = await createSiteIntegration({ name: `Shop ${randomCodeGroup(4)}`, ...options, dealerId }, ACTOR);
  return { ...created, creds: { siteToken: created.site_token, secretKey: created.secret_key } };
}

/** A tenant whose dealer has every method, a bank account for deposit offers and a funded E-IBAN wallet. */
export async function dealerReadyForSites(options: Parameters<typeof createTenant>[0] = {}) {
  const tenant = await createTenant(options);
  await addBankAccount(
    {
      dealerId: tenant.dealer.id,
      bankName: "Sandbox Bank",
      accountName: "Dealer A.Ş.",
      iban: ibanFromBban("TR", `00010${digits(17)}`),
      minAmount: "1",
      maxAmount: "100000",
    },
    ACTOR,
  );
  const wallet = await addFundedWallet({
    dealerId: tenant.dealer.id,
    iban: ibanFromBban("TR", `00829${digits(17)}`),
    balance: "5000.00",
  });
  return { ...tenant, wallet };
}
