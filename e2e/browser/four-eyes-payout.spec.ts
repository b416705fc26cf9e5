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
    markPaid: "Mark paid…",
    paidConfirm: "Mark paid",
    proposed: "Proposed: it is paid out when another admin confirms it",
    awaiting: (code: string) => `Awaiting second approval ${code}`,
    proposedBy: (who: string) => `${who} proposed paying out 15,000.00${NBSP}TL`,
    confirm: "Confirm…",
    confirmTitle: "Confirm paying 15,000.00 TL out to Ayşe Kaya as the second admin?",
    confirmLabel: "Confirm and pay out",
    confirmed: `Confirmed: 15,000.00${NBSP}TL is paid out.`,
  },
  tr: {
    markPaid: "Ödendi işaretle…",
    paidConfirm: "Ödendi işaretle",
    proposed: "Önerildi: başka bir yönetici onayladığında ödenir",
    awaiting: (code: string) => `İkinci onay bekliyor ${code}`,
    proposedBy: (who: string) => `${who} 15.000,00${NBSP}TL ödenmesini önerdi`,
    confirm: "Onayla…",
    confirmTitle: "Ayşe Kaya adlı müşteriye 15.000,00 TL ödenmesi ikinci yönetici olarak onaylansın mı?",
    confirmLabel: "Onayla ve öde",
    confirmed: `Onaylandı: 15.000,00${NBSP}TL ödeniyor.`,
  },
};

/**
 * Four eyes on money out, as two admins meet it (issue 54, point 1): marking a 15.000 TL manual withdrawal paid is a
 * proposal, not a payout; another admin sees who proposed what on the approvals page and confirms it, and only then
 * is it paid and the provider told. On a phone and at 1280 px, in both languages, clean under axe.
 */
for (const lang of ["tr", "en"] as const)
  for (const width of [390, 1280] as const)
    test(`a large payout needs a second admin (${lang}, ${width} px)`, async ({ browser, baseURL }) => {
      const w = WORDS[lang];
      const tenant = await createTenant();
      // The confirming admin exists before the proposal (four-eyes eligibility).
      const [second, first] = [await consoleUser("admin"), await consoleUser("admin")];
      const withdrawal = await insertTransaction(tenant, {
        direction: "WITHDRAWAL",
        status: "processing",
        amount: "15000.00",
        fullname: "Ayşe Kaya",
        iban: "TR330006100519786457841326",
        recipientName: "Ayşe Kaya",
      });
      const code = withdrawal.trackingCode;
      const open = (creds: typeof first) => consolePageAt(browser, baseURL!, creds, lang, width);

      const a = await open(first);
      await a.page.goto("/console/approvals?tab=paying");
      await a.page.getByRole("article", { name: code }).getByRole("button", { name: w.markPaid }).click();
      await a.page.getByRole("dialog").getByRole("button", { name: w.paidConfirm, exact: true }).click();
      await expect(a.page.getByRole("status").filter({ hasText: w.proposed }).first()).toBeVisible();
      expect((await prisma.transaction.findUniqueOrThrow({ where: { id: withdrawal.id } })).status).toBe("processing");
      await a.close();

      const b = await open(second);
      await b.page.goto("/console/approvals");
      const proposal = b.page.getByRole("article", { name: w.awaiting(code) });
      await expect(proposal).toContainText(w.proposedBy(first.email));
      expect(await b.page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoSeriousViolations(b.page, `/console/approvals with a payout proposal (${lang}, ${width} px)`);
      await proposal.getByRole("button", { name: w.confirm }).click();
      const dialog = b.page.getByRole("dialog", { name: w.confirmTitle.replace(/ TL/g, `${NBSP}TL`) });
      await dialog.getByRole("button", { name: w.confirmLabel }).click();
      await expect(b.page.getByRole("status").filter({ hasText: w.confirmed }).first()).toBeVisible();
      expect((await prisma.transaction.findUniqueOrThrow({ where: { id: withdrawal.id } })).status).toBe("completed");
      await b.close();
    });
