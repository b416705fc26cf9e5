import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { expectNoSeriousViolations } from "../support/accessibility";
import { consolePageAt } from "../support/console-pages";
import { consoleUser } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";
import { expect, test } from "../support/browser-test";

const WORDS = {
  en: {
    field: "Tracking code, order id, reference, name or IBAN",
    find: "Find",
    results: (q: string) => `Results for “${q}”`,
    transactions: "Transactions",
    dealers: "Dealers",
  },
  tr: {
    field: "Takip kodu, sipariş no, referans, ad veya IBAN",
    find: "Bul",
    results: (q: string) => `“${q}” için sonuçlar`,
    transactions: "İşlemler",
    dealers: "Bayiler",
  },
};

/**
 * The header's search box as an operator uses it: what a customer quotes (a gateway's reference GW-…, the order id
 * of the card attempt the bank shows, in lower case) opens that payment; a fragment of a tracking code lists the
 * payments it is part of, and a dealer's name (Turkish letters typed plainly) lists the dealer. On a phone and at
 * 1280 px, in both languages, without sideways scrolling and clean under axe.
 */
for (const lang of ["tr", "en"] as const)
  for (const width of [390, 1280] as const)
    test(`the search box opens what an identifier names and lists fragments and names (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const w = WORDS[lang];
      const tenant = await createTenant();
      const run = randomCodeGroup(6);
      await prisma.dealer.update({ where: { id: tenant.dealer.id }, data: { name: `Güneş Ödeme ${run}` } });
      const gateway = await insertTransaction(tenant, { method: "TP_BANK", gatewayReference: `GW-${run}Q` });
      const card = await insertTransaction(tenant, {
        direction: "PAYMENT",
        method: "CREDIT_CARD",
        origin: "DEALER",
        siteId: null,
        providerId: null,
        orderId: `ORD-${run}C`,
        status: "success",
      });
      await prisma.cardAttempt.create({
        data: { transactionId: card.id, number: 2, orderId: `ORD-${run}C-2`, status: "approved" },
      });
      const dealer = await consoleUser("dealer", { dealerId: tenant.dealer.id });
      const { page, close } = await consolePageAt(browser, baseURL!, dealer, lang, width);
      const find = async (q: string) => {
        await page.getByRole("search").getByLabel(w.field).fill(q);
        await page.getByRole("search").getByRole("button", { name: w.find }).click();
      };

      await page.goto("/console/approvals");
      await find(`gw-${run.toLowerCase()}q`);
      await page.waitForURL(new RegExp(`/console/transactions/${gateway.id}$`));
      await find(`ord-${run.toLowerCase()}c-2`);
      await page.waitForURL(new RegExp(`/console/transactions/${card.id}$`));

      const fragment = gateway.trackingCode.split("-")[1]!.slice(2, 8);
      await find(fragment);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.results(fragment));
      const listed = page
        .getByRole("region", { name: w.transactions })
        .getByRole("link", { name: gateway.trackingCode });
      await expect(listed).toBeVisible();

      await find(`gunes odeme ${run.toLowerCase()}`);
      await expect(
        page.getByRole("region", { name: w.dealers }).getByRole("link", { name: `Güneş Ödeme ${run}` }),
      ).toBeVisible();
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoSeriousViolations(page, `/console/search (${lang}, ${width} px)`);
      await close();
    });
