import AxeBuilder from "@axe-core/playwright";
import { closeSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/**
 * axe's WCAG 2 A and AA rules on the page as it is now. In axe.run's mode (AxeBuilder's "legacy" mode): the default
 * mode runs axe in each frame and then finishes the run in a blank page it opens and loads axe into, which took half
 * of every check here (1.3-1.8 s against 0.7-0.9 s on a console page). The rules, the frames checked (axe is injected
 * into every frame either way) and the findings are the same; the blank page only serves cross-origin frames, which
 * our pages do not embed.
 */
export function axeCheck(page: Page): Promise<AxeResults> {
  return new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).setLegacyMode(true).analyze();
}

/** Serious and critical findings, each with where on the page and how to fix it. Minor and moderate ones do not fail. */
export function seriousViolations(results: AxeResults): string[] {
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      const nodes = v.nodes.map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replace(/\n/g, " ")}`);
      return `[${v.impact}] ${v.id}: ${v.help}\n${nodes.join("\n")}`;
    });
}

/**
 * Whether this run has yet to check `state`: the first caller claims it (a file made with O_EXCL in the run's own
 * folder, which the global setup makes and E2E_AXE_STATES names), so two workers never both check one state. Outside
 * a suite run (no folder) every state is checked.
 */
export function firstVisit(state: string): boolean {
  const dir = process.env.E2E_AXE_STATES;
  if (!dir) return true;
  mkdirSync(dir, { recursive: true });
  try {
    closeSync(openSync(path.join(dir, encodeURIComponent(state)), "wx"));
    return true;
  } catch {
    return false;
  }
}

/**
 * No serious or critical axe violation on the page as it is now. `kind` names the kind of page and the state it is
 * in ("/console/approvals?tab=sent with the rejection dialog open"); the page's language and width complete the
 * state. axe runs once per state in a run, at the first visit of whichever test gets there first: a second check of
 * the same kind of page in the same state finds the same things. A test run alone checks every state it visits.
 */
export async function expectNoSeriousViolations(page: Page, kind: string): Promise<void> {
  const state = await stateOf(page, kind);
  if (firstVisit(state)) await expectNoneIn(page, state);
}

/** Tailwind's breakpoints: the pages' layout changes only where the width crosses one. */
const BREAKPOINTS = [640, 768, 1024, 1280, 1536];

/** The band of widths between two breakpoints that `width` falls in ("1280-1535 px"): one layout. */
function widthBand(width: number): string {
  const above = BREAKPOINTS.filter((b) => b <= width).at(-1);
  const below = BREAKPOINTS.find((b) => b > width);
  return above === undefined
    ? `under ${below} px`
    : below === undefined
      ? `${above} px and up`
      : `${above}-${below - 1} px`;
}

/** A state's full name: the kind of page and its state, the page's language and its layout (width band). */
export async function stateOf(page: Page, kind: string): Promise<string> {
  const lang = await page.locator("html").getAttribute("lang");
  return `${kind} · ${lang ?? "no lang"} · ${widthBand(page.viewportSize()?.width ?? 1280)}`;
}

/** axe on `page` now, its serious findings reported as the state's. */
export async function expectNoneIn(page: Page, state: string): Promise<void> {
  expect.soft(seriousViolations(await axeCheck(page)), `${state}: serious or critical axe violations`).toEqual([]);
}
