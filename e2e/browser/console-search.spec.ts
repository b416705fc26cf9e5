import { randomCodeGroup } from "@/lib/base/crypto/random";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { setConsoleLanguage } from "../support/console-pages";
import { consoleUser, signIn } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";
import { expect, test } from "../support/browser-test";

const WORDS = { en: { search: "Search", filter: "Filter" }, tr: { search: "Ara", filter: "Filtrele" } };

for (const lang of ["tr", "en"] as const) {
  test(`one search box finds customers by name, username, user id, email, IBAN and tracking code (${lang})`, async ({
    page,
    context,
    baseURL,
  }) => {
    const w = WORDS[lang];
    const tenant = await createTenant();
    const run = randomCodeGroup(5).toLowerCase();
    // Four deposits of Zeynep Kaya (as a site writes her name), and others that must not match.
    const zeynep = [];
    for (let i = 0; i < 4; i++)
      zeynep.push(
        await insertTransaction(tenant, {
          fullname: `Zeynep Kaya${run}`,
          username: `zk${run}${i}`,
          email: `zeynep.${run}@example.com`,
        }),
      );
    const iban = ibanFromBban("TR", `0001000${String(Date.now()).slice(-8)}0000004`);
    const withdrawal = await insertTransaction(tenant, {
      direction: "WITHDRAWAL",
      fullname: `Ali Veli${run}`,
      username: `ali${run}`,
      userId: `uid-${run}`,
      iban,
      recipientName: "Ali Veli",
    });
    await insertTransaction(tenant, { fullname: `Zeynel Kara${run}`, username: `zeynel${run}` });
    await signIn(page, await consoleUser("dealer", { dealerId: tenant.dealer.id }), null);
    await setConsoleLanguage(context, baseURL!, lang);

    const search = async (q: string) => {
      await page.goto("/console/transactions");
      await page.getByRole("search").getByLabel(w.search).fill(q);
      await page.getByRole("search").getByRole("button", { name: w.filter }).click();
      await page.waitForURL(/q=/);
      return page
        .getByTestId("transaction-row")
        .evaluateAll((rows) => rows.map((r) => r.querySelector("a")?.textContent ?? ""));
    };
    const codes = (rows: { trackingCode: string }[]) => rows.map((r) => r.trackingCode).sort();
    expect((await search(`Zeynep Kaya${run}`)).sort()).toEqual(codes(zeynep));
    expect((await search(`kaya${run} zeynep`)).sort()).toEqual(codes(zeynep));
    expect((await search(`zeynep.${run}@example`)).sort()).toEqual(codes(zeynep));
    expect(
      await search(
        iban
          .replace(/(.{4})/g, "$1 ")
          .trim()
          .toLowerCase(),
      ),
    ).toEqual([withdrawal.trackingCode]);
    expect(await search(`uid-${run}`)).toEqual([withdrawal.trackingCode]);
    expect(await search(`ali${run}`)).toEqual([withdrawal.trackingCode]);
    expect(await search(withdrawal.trackingCode.slice(0, 12))).toEqual([withdrawal.trackingCode]);
  });
}
