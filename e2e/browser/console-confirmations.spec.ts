import { prisma } from "@/lib/base/db/prisma";
import { chargedAtSandboxAcquirer } from "../support/sandbox-acquirer";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { setConsoleLanguage } from "../support/console-pages";
import { consoleUser, signIn } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";
import { expect, test } from "../support/browser-test";

const WORDS = {
  en: {
    approve: "Approve…",
    reject: "Reject…",
    refund: "Refund…",
    amount: "Amount received",
    typed: "1450.00",
    reasonIfChanged: "Reason, needed when the amount differs (the customer sees it)",
    reasonSeen: "Reason (the customer and the provider see it)",
    reasonMissing: "Give a reason (at least 3 characters): the customer and the provider will see it.",
    approveTitle: "Approve the 1,500.00 TL deposit of Zeynep Kaya?",
    approveConfirm: "Approve deposit",
    needReason:
      "The amount received (1,450.00 TL) differs from the request (1,500.00 TL): give a reason, the customer will see it.",
    approved: "Proposed with 1,450.00 TL: it completes when another admin confirms it.",
    badge: "Awaiting second approval",
    proposedBy: (who: string) => `${who} proposed 1,450.00 TL (requested 1,500.00 TL)`,
    confirm: "Confirm…",
    confirmTitle: "Confirm 1,450.00 TL for Zeynep Kaya as the second admin?",
    confirmLabel: "Confirm and complete",
    confirmed: "Confirmed: completed with 1,450.00 TL; the provider is being notified.",
    rejectTitle: "Reject the 300.00 TL deposit of Ali Veli?",
    rejectConfirm: "Reject deposit",
    refundTitle: "Refund 999.90 TL to Ayşe Yılmaz?",
    refundConfirm: "Refund 999.90 TL",
    refundAmount: "Amount to refund (empty: all that is left)",
    refundStates: [
      "Paid 999.90 TL · refunded 0.00 TL · left 999.90 TL",
      "Paid 999.90 TL · refunded 50.00 TL · left 949.90 TL",
      "Paid 999.90 TL · refunded 150.00 TL · left 849.90 TL",
    ],
    refundLeft: ["999.90", "949.90", "849.90"],
    refundTyped: ["Refund 50.00 TL", "Refund 100.00 TL"],
    refundRestTitle: "Refund 849.90 TL to Ayşe Yılmaz?",
    refundRestConfirm: "Refund 849.90 TL",
    sendTitle: "Send 400.00 TL to Ayşe Yılmaz?",
    back: "Go back",
  },
  tr: {
    approve: "Onayla…",
    reject: "Reddet…",
    refund: "İade et…",
    amount: "Alınan tutar",
    typed: "1.450,00",
    reasonIfChanged: "Neden, tutar farklıysa gerekli (müşteri görür)",
    reasonSeen: "Neden (müşteri ve sağlayıcı görür)",
    reasonMissing: "Bir neden yazın (en az 3 karakter): müşteri ve sağlayıcı görecek.",
    approveTitle: "Zeynep Kaya adlı müşterinin 1.500,00 TL yatırımı onaylansın mı?",
    approveConfirm: "Yatırımı onayla",
    needReason: "Alınan tutar (1.450,00 TL) talep edilenden (1.500,00 TL) farklı: bir neden yazın, müşteri görecek.",
    approved: "1.450,00 TL ile önerildi: başka bir yönetici onaylayınca tamamlanır.",
    badge: "İkinci onay bekliyor",
    proposedBy: (who: string) => `${who} 1.450,00 TL önerdi (talep edilen 1.500,00 TL)`,
    confirm: "Onayla…",
    confirmTitle: "Zeynep Kaya için 1.450,00 TL ikinci yönetici olarak onaylansın mı?",
    confirmLabel: "Onayla ve tamamla",
    confirmed: "Onaylandı: 1.450,00 TL ile tamamlandı; sağlayıcıya bildiriliyor.",
    rejectTitle: "Ali Veli adlı müşterinin 300,00 TL yatırımı reddedilsin mi?",
    rejectConfirm: "Yatırımı reddet",
    refundTitle: "Ayşe Yılmaz adlı müşteriye 999,90 TL iade edilsin mi?",
    refundConfirm: "999,90 TL iade et",
    refundAmount: "İade tutarı (boş: kalanın tamamı)",
    refundStates: [
      "Ödenen 999,90 TL · iade edilen 0,00 TL · kalan 999,90 TL",
      "Ödenen 999,90 TL · iade edilen 50,00 TL · kalan 949,90 TL",
      "Ödenen 999,90 TL · iade edilen 150,00 TL · kalan 849,90 TL",
    ],
    refundLeft: ["999,90", "949,90", "849,90"],
    refundTyped: ["50,00 TL iade et", "100,00 TL iade et"],
    refundRestTitle: "Ayşe Yılmaz adlı müşteriye 849,90 TL iade edilsin mi?",
    refundRestConfirm: "849,90 TL iade et",
    sendTitle: "Ayşe Yılmaz adlı müşteriye 400,00 TL gönderilsin mi?",
    back: "Vazgeç",
  },
};

const nbsp = (text: string) => text.replace(/ TL/g, "\u00a0TL");

for (const lang of ["tr", "en"] as const) {
  test(`money actions ask first, naming the amount and the person, in red when destructive, with the reasons the customer reads (${lang})`, async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    const w = WORDS[lang];
    const tenant = await createTenant({ dealerMethods: ["credit_card", "eiban", "manual_iban"] });
    const deposit = await insertTransaction(tenant, { fullname: "Zeynep Kaya", amount: "1500.00" });
    const other = await insertTransaction(tenant, { fullname: "Ali Veli", amount: "300.00" });
    const card = await insertTransaction(tenant, {
      method: "CREDIT_CARD",
      direction: "PAYMENT",
      status: "success",
      amount: "999.90",
      fullname: "Ayşe Yılmaz",
      orderId: `ORD-${Date.now()}`,
    });
    // Charged at the sandbox acquirer, which the refund asks.
    await chargedAtSandboxAcquirer(card.orderId!);
    await insertTransaction(tenant, {
      method: "EIBAN",
      direction: "WITHDRAWAL",
      status: "pending",
      amount: "400.00",
      fullname: "Ayşe Yılmaz",
      recipientName: "Ayşe Yılmaz",
      iban: ibanFromBban("TR", `0001000${String(Date.now()).slice(-8)}0000003`),
    });
    const dealerStaff = await consoleUser("dealer", { dealerId: tenant.dealer.id });
    // The admin who confirms exists before the proposal is made (four-eyes eligibility).
    const secondAdmin = await consoleUser("admin");
    await signIn(page, dealerStaff, null);
    await setConsoleLanguage(context, baseURL!, lang);

    await page.goto("/console/approvals?tab=sent");
    const row = page.getByRole("article", { name: deposit.trackingCode });
    // Approve and reject are no longer look-alikes: reject is red.
    await expect(row.getByRole("button", { name: w.reject })).toHaveClass(/bg-red-600/);
    await expect(row.getByRole("button", { name: w.approve })).not.toHaveClass(/bg-red-600/);
    await row.getByRole("button", { name: w.approve }).click();
    const approve = page.getByRole("dialog", { name: nbsp(w.approveTitle) });
    await expect(approve).toBeVisible();
    await approve.getByLabel(w.amount).fill(w.typed);
    await approve.getByRole("button", { name: w.approveConfirm }).click();
    await expect(approve.getByRole("alert")).toHaveText(nbsp(w.needReason));
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe("pending");
    await approve.getByLabel(w.reasonIfChanged).fill("only 1.450 TL arrived");
    await approve.getByRole("button", { name: w.approveConfirm }).click();
    await expect(page.getByRole("status").filter({ hasText: nbsp(w.approved) })).toBeVisible();
    // Four eyes: the differing amount is a proposal; dealer staff see it waiting, without a confirm button.
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe("pending");
    await page.reload();
    const waiting = page.getByRole("article", { name: `${w.badge} ${deposit.trackingCode}` });
    await expect(waiting).toContainText(nbsp(w.proposedBy(dealerStaff.email)));
    await expect(waiting.getByRole("button", { name: w.confirm })).toHaveCount(0);
    await expect(
      page.getByRole("article", { name: deposit.trackingCode, exact: true }).getByRole("button", { name: w.approve }),
    ).toHaveCount(0);

    // A second person, an admin, confirms it on a 390 px phone.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL,
    });
    const second = await phone.newPage();
    await signIn(second, secondAdmin);
    await setConsoleLanguage(phone, baseURL!, lang);
    await second.goto("/console/approvals?tab=sent");
    const toConfirm = second.getByRole("article", { name: `${w.badge} ${deposit.trackingCode}` });
    await expect(toConfirm).toContainText("only 1.450 TL arrived");
    expect(
      await second.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await toConfirm.getByRole("button", { name: w.confirm }).click();
    await second
      .getByRole("dialog", { name: nbsp(w.confirmTitle) })
      .getByRole("button", { name: w.confirmLabel })
      .click();
    await expect(second.getByRole("status").filter({ hasText: nbsp(w.confirmed) })).toBeVisible();
    await phone.close();
    const approved = await prisma.transaction.findUniqueOrThrow({ where: { id: deposit.id } });
    expect([approved.status, approved.finalAmount?.toFixed(2), approved.outcomeReason]).toEqual([
      "completed",
      "1450.00",
      "only 1.450 TL arrived",
    ]);

    // The reason is required, refused in the console's language (not the browser's); going back changes nothing.
    const otherRow = page.getByRole("article", { name: other.trackingCode });
    await otherRow.getByRole("button", { name: w.reject }).click();
    const reject = page.getByRole("dialog", { name: nbsp(w.rejectTitle) });
    await expect(reject.getByRole("button", { name: w.rejectConfirm })).toHaveClass(/bg-red-600/);
    await reject.getByRole("button", { name: w.rejectConfirm }).click();
    await expect(reject.getByRole("alert")).toHaveText(w.reasonMissing);
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: other.id } })).status).toBe("pending");
    await reject.getByRole("button", { name: w.back }).click();
    await expect(reject).toBeHidden();
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: other.id } })).status).toBe("pending");

    await page.goto("/console/approvals?tab=withdrawals");
    await page
      .getByRole("button", { name: /E-IBAN|gönder…|send…/i })
      .first()
      .click();
    await expect(page.getByRole("dialog", { name: nbsp(w.sendTitle) })).toBeVisible();

    // Two partial refunds, then the rest. Each time the dialog says what was paid, what is refunded and what
    // is left, offers what is left, and names the amount typed (after a partial refund it once named the whole
    // payment: typed 50, it asked about 349,90 TL).
    const approvedRefunds = () => prisma.cardRefund.count({ where: { transactionId: card.id, status: "approved" } });
    // The second refund is asked in the same page, without going anywhere: the dialog starts again from what is
    // left, with no reason (it once offered the first refund's 100 and its reason).
    const openRefund = async (step: number) => {
      if (step !== 1) await page.goto("/console/card-payments");
      // In the same page, the list has refreshed itself with the first refund before the dialog is opened again.
      else await expect(page.getByTestId("card-payment-amount").first()).toContainText(w.refundLeft[1]!);
      await page.getByRole("button", { name: w.refund }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByTestId("refund-state")).toHaveText(nbsp(w.refundStates[step]!));
      await expect(dialog.getByLabel(w.refundAmount)).toHaveValue(w.refundLeft[step]!);
      await expect(dialog.getByLabel(w.reasonSeen)).toHaveValue("");
      await dialog.getByLabel(w.reasonSeen).fill("customer asked to cancel");
      return dialog;
    };
    for (const [amount, step] of [
      ["50", 0],
      ["100", 1],
    ] as const) {
      const dialog = await openRefund(step);
      // Before anything is typed it offers all that is left: the whole payment the first time.
      if (step === 0) await expect(page.getByRole("dialog", { name: nbsp(w.refundTitle) })).toBeVisible();
      await dialog.getByLabel(w.refundAmount).fill(amount);
      await dialog.getByRole("button", { name: nbsp(w.refundTyped[step]!) }).click();
      await expect.poll(approvedRefunds).toBe(step + 1);
      expect((await prisma.transaction.findUniqueOrThrow({ where: { id: card.id } })).status).toBe("success");
    }
    const rest = await openRefund(2);
    await expect(page.getByRole("dialog", { name: nbsp(w.refundRestTitle) })).toBeVisible();
    await rest.getByRole("button", { name: nbsp(w.refundRestConfirm) }).click();
    await expect
      .poll(async () => (await prisma.transaction.findUniqueOrThrow({ where: { id: card.id } })).status)
      .toBe("refunded");
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: card.id } })).outcomeReason).toBe(
      "customer asked to cancel",
    );
  });
}

test("the confirmation works without scripts: a rejection is asked, reasoned and done by HTML alone", async ({
  browser,
  baseURL,
}) => {
  const tenant = await createTenant();
  const deposit = await insertTransaction(tenant, { fullname: "Ali Veli", amount: "300.00" });
  const withScripts = await browser.newContext({ baseURL });
  await signIn(await withScripts.newPage(), await consoleUser("dealer", { dealerId: tenant.dealer.id }));
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await withScripts.storageState(),
  });
  await withScripts.close();
  const page = await context.newPage();
  await page.goto("/console/approvals?tab=sent");
  const row = page.getByRole("article", { name: deposit.trackingCode });
  await row.getByRole("button", { name: "Reject…" }).click();
  const dialog = page.getByRole("dialog", { name: "Reject the 300.00\u00a0TL deposit of Ali Veli?" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Reason (the customer and the provider see it)").fill("no transfer arrived");
  await dialog.getByRole("button", { name: "Reject deposit" }).click();
  await page.waitForLoadState();
  await expect
    .poll(async () => (await prisma.transaction.findUniqueOrThrow({ where: { id: deposit.id } })).status)
    .toBe("canceled");
  expect((await prisma.transaction.findUniqueOrThrow({ where: { id: deposit.id } })).outcomeReason).toBe(
    "no transfer arrived",
  );
  await context.close();
});
