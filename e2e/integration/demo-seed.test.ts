import { expect, it } from "vitest";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { seedDemoActivity } from "@/prisma/seed-activity";
import { createTenant } from "../support/fixtures";

it("the demo activity of `npm run dev` goes through the domain functions and fills every queue", async () => {
  const t = await createTenant();
  await addBankAccount(
    {
      dealerId: t.dealer.id,
      bankName: "Ziraat",
      accountName: "Demo",
      iban: ibanFromBban("TR", `00010${String(Date.now()).slice(-9)}00000000`),
      minAmount: "1",
      maxAmount: "50000",
    },
    { label: "test" },
  );
  const codes = await seedDemoActivity(t.creds.apiKey, t.site.credential_key);
  const rows = await prisma.transaction.findMany({
    where: { trackingCode: { in: codes } },
    select: { trackingCode: true, status: true, direction: true },
  });
  const status = (code: string) => rows.find((r) => r.trackingCode === code)!.status;
  expect(codes.map(status)).toEqual(["pending", "completed", "canceled", "showing", "pending", "rejected"]);
  expect(
    await prisma.transactionEvent.count({ where: { transaction: { trackingCode: codes[1]! } } }),
  ).toBeGreaterThanOrEqual(3);
  // The approved deposit is in the ledger, once; nothing else of the activity moved money.
  expect(
    (await prisma.ledgerEntrySet.findMany({ where: { dealerId: t.dealer.id } })).map((s) => [
      s.kind,
      s.amount.toFixed(2),
    ]),
  ).toEqual([["DEPOSIT", "1200.00"]]);
});
