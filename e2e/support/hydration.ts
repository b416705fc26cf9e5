import { expect, type Locator } from "@playwright/test";

/**
 * Waits until React has attached to `element` (its props are on the node), then a little more. A Next <Link>
 * clicked while the page is hydrating can start a navigation that never finishes (the click's transition is
 * parked and never resumed); one clicked before scripts run is a plain link and one clicked after is a client
 * navigation, both of which work. An operator who clicks again gets there; a test that waits on the URL would
 * wait forever, so a click that follows a fresh page load waits for React first.
 */
export async function whenHydrated(element: Locator): Promise<Locator> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps"))), {
      message: "React attached to the element",
    })
    .toBe(true);
  // Past the instant of attaching: the commit that attached it has finished by the next frame.
  await element.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return element;
}
