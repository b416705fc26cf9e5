import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { axeCheck, firstVisit, seriousViolations, stateOf } from "../support/accessibility";
import { expect, test } from "../support/browser-test";

const BROKEN = `<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
  <h1>A page with two serious faults</h1>
  <p style="color:#bbb;background:#fff">Grey on white: too little contrast.</p>
  <button></button>
</main></body></html>`;

test("the accessibility check finds serious violations, and claims each state once per run", async ({ page }) => {
  await page.setContent(BROKEN);
  const found = seriousViolations(await axeCheck(page));
  expect(found.map((f) => f.split(":")[0]).sort()).toEqual(["[critical] button-name", "[serious] color-contrast"]);

  await page.setViewportSize({ width: 1440, height: 900 });
  const wide = await stateOf(page, "a broken page");
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await stateOf(page, "a broken page")).toBe(wide);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await stateOf(page, "a broken page")).toBe("a broken page · en · under 640 px");

  const before = process.env.E2E_AXE_STATES;
  process.env.E2E_AXE_STATES = mkdtempSync(path.join(tmpdir(), "axe-states-"));
  try {
    expect([firstVisit(wide), firstVisit(wide), firstVisit(`${wide} · without scripts`)]).toEqual([true, false, true]);
  } finally {
    rmSync(process.env.E2E_AXE_STATES, { recursive: true, force: true });
    process.env.E2E_AXE_STATES = before;
  }
});
