import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { expectNoSeriousViolations } from "../support/accessibility";
import { consolePageAt } from "../support/console-pages";
import { consoleUser } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";
import { expect, test } from "../support/browser-test";

const NBSP = "\u00a0";
const WORDS = {
  en: {
    amount: `149.90${NBSP}TL`,
    refund: "Refund…",
    region: "Refund",
    started: "Card attempt 1 started",
    declined: "Card attempt 1: declined",
    approved: "Card attempt 2: approved",
    iso: "insufficient funds (51)",
  },
  tr: {
    amount: `149,90${NBSP}TL`,
    refund: "İade et…",
    region: "İade",
    started: "1. kart denemesi başladı",
    declined: "1. kart denemesi: reddedildi",
    approved: "2. kart denemesi: onaylandı",
    iso: "yetersiz bakiye (51)",
  },
};

/**
 * Issue 54, point 3: a transaction's page reads as a payment page of Stripe's: the amount and status first with the
 * refund as a secondary action beside them (not a full-width red bar), and one timeline where the card attempts sit
 * among the state changes at their own times. On a phone and at 1280 px, in both languages.
 */
for (const lang of ["tr", "en"] as const)
  for (const width of [390, 1280] as const)
    test(`the transaction page: amount, status and actions first, one timeline (${lang}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      const w = WORDS[lang];
      const tenant = await createTenant();
      const orderId = `ORD-${randomCodeGroup(12)}`;
      const card = await insertTransaction(tenant, {
        method: "CREDIT_CARD",
        direction: "PAYMENT",
        status: "success",
        amount: "149.90",
        orderId,
      });
      const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
      await prisma.cardAttempt.createMany({
        data: [
          {
            transactionId: card.id,
            number: 1,
            orderId,
            status: "declined",
            errorCode: "51",
            startedAt: at(9),
            decidedAt: at(8),
          },
          {
            transactionId: card.id,
            number: 2,
            orderId: `${orderId}-2`,
            status: "approved",
            startedAt: at(6),
            decidedAt: at(5),
            cardBrand: "Visa",
            cardLast4: "4242",
          },
        ],
      });
      const dealer = await consoleUser("dealer", { dealerId: tenant.dealer.id });
      const { page, close } = await consolePageAt(browser, baseURL!, dealer, lang, width);
      await page.goto(`/console/transactions/${card.id}`);

      await expect(page.getByTestId("header-amount")).toHaveText(w.amount);
      // The card as the acquirer showed it: brand and last four digits, in the header.
      await expect(page.locator("header").filter({ has: page.getByTestId("header-amount") })).toContainText(
        "Visa •••• 4242",
      );
      const refund = page.getByRole("region", { name: w.region }).getByRole("button", { name: w.refund });
      await expect(refund).toBeVisible();
      // A secondary action: not the full width of the page, not red.
      const box = (await refund.boundingBox())!;
      expect(box.width).toBeLessThan(width / 2);
      expect(await refund.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toMatch(
        /rgb\(2[0-9]{2}, [0-9]{1,2}, /,
      );
      // The header comes before the details: the amount is on the first screen.
      expect((await page.getByTestId("header-amount").boundingBox())!.y).toBeLessThan(400);

      const timeline = page.getByRole("region", { name: lang === "tr" ? "Zaman çizelgesi" : "Timeline" });
      const rows = timeline.getByRole("row");
      const texts = await rows.allInnerTexts();
      const index = (needle: string) => texts.findIndex((text) => text.includes(needle));
      expect(index(w.started)).toBeGreaterThan(0);
      expect(index(w.declined)).toBeGreaterThan(index(w.started));
      expect(index(w.approved)).toBeGreaterThan(index(w.declined));
      await expect(timeline).toContainText(w.iso);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoSeriousViolations(page, `/console/transactions/[id] (${lang}, ${width} px)`);
      await close();
    });
