import type { Page } from "@playwright/test";
import { en } from "@/lib/edge/i18n/console/en";
import { tr } from "@/lib/edge/i18n/console/tr";
import { startCallbackReceiver } from "../support/callback-receiver";
import { consolePages, setConsoleLanguage } from "../support/console-pages";
import { signIn, workerAdmin } from "../support/console-users";
import { seedConsoleWorld } from "../support/console-world";
import { expect, test } from "../support/browser-test";

/** Every English dictionary string that Turkish says differently: seen on a Turkish page, it is untranslated. */
function englishOnly(): Set<string> {
  const found = new Set<string>();
  const walk = (a: unknown, b: unknown) => {
    if (typeof a === "string" && a !== b && a.length >= 4) found.add(a);
    if (a && typeof a === "object" && b && typeof b === "object")
      for (const key of Object.keys(a)) walk((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]);
  };
  walk(en, tr);
  return found;
}

const STATUS_WORDS =
  /\b(showing|pending|processing|completed|canceled|cancelled|expired|rejected|failed|success|refunded)\b/;
/** Identifiers: camelCase field names and dotted audit actions ("maxAmount", "eiban_wallet.create"). */
const IDENTIFIERS =
  /\b[a-z]+[A-Z][A-Za-z]*\b|\b[a-z]+(?:_[a-z]+)+\.[a-z_]+\b|\b(?:alert|site|dealer|provider|user|callback|customer|gateway|transactions?)\.[a-z_]+\b/;

/**
 * The words an operator reads on the page: visible text nodes, and the labels of form controls; data the
 * service shows as stored (names, codes, addresses, JSON, API values) is marked translate="no" and left out.
 */
async function visibleWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (
        !parent ||
        !text ||
        parent.closest('[translate="no"], script, style, code, pre, .font-mono, [data-testid="console-user"]')
      )
        continue;
      if (!parent.checkVisibility()) continue;
      out.push(text);
    }
    return out;
  });
}

test("no console page shows an English word or a raw status, field or action name in Turkish", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const receiver = await startCallbackReceiver();
  try {
    const world = await seedConsoleWorld(baseURL!, receiver.url);
    await signIn(page, await workerAdmin(), null);
    await setConsoleLanguage(context, baseURL!, "tr");
    const english = englishOnly();
    const problems: string[] = [];
    for (const path of await consolePages(world)) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "tr");
      for (const text of await visibleWords(page)) {
        if (english.has(text)) problems.push(`${path}: English "${text}"`);
        else if (STATUS_WORDS.test(text)) problems.push(`${path}: raw status in "${text}"`);
        else if (IDENTIFIERS.test(text)) problems.push(`${path}: identifier in "${text}"`);
      }
    }
    expect(problems).toEqual([]);
  } finally {
    await receiver.close();
  }
});

test("the same pages in English keep the API's status words and English throughout", async ({
  page,
  context,
  baseURL,
}) => {
  const receiver = await startCallbackReceiver();
  try {
    const world = await seedConsoleWorld(baseURL!, receiver.url);
    await signIn(page, await workerAdmin(), null);
    await setConsoleLanguage(context, baseURL!, "en");
    await page.goto(`/console/transactions/${world.approved.id}`);
    await expect(page.getByText("completed", { exact: true }).first()).toBeVisible();
    // A differing amount takes two admins: the note names both (four eyes).
    await expect(
      page.getByText(
        /Approved by ops@e2e\.test, confirmed by second\.admin[-\w]*@[\w.-]+, with the received amount 1,450\.00\sTL \(requested 1,500\.00\sTL\): only 1\.450 TL arrived/,
      ),
    ).toBeVisible();
    await page.goto("/console/audit");
    // The action filter words its choices too (a hidden <option>): the entry is looked for in the log's table.
    await expect(page.getByRole("cell", { name: "Bank account: created" }).first()).toBeVisible();
    const turkish = await visibleWords(page);
    expect(turkish.filter((t) => /[ğüşıöçĞÜŞİÖÇ]/.test(t) && !/Ayşe|Öztürk|Ödeme|Bankası|A\.Ş\./.test(t))).toEqual([]);
  } finally {
    await receiver.close();
  }
});
