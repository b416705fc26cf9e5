import type { Browser } from "@playwright/test";
import { manualDeposit, payingTenant } from "../support/payment-page";
import { expect, test } from "../support/browser-test";
import { PHONE_BENCHMARK_INDEX, phoneCpu, type PhoneCpu } from "../support/phone-cpu";

/**
 * The issue's phone: Chromium's network emulation at 400 ms round trip and 400 kbit/s, and a CPU "slowed 4x" read as
 * what Lighthouse means by it, a mid-tier phone (e2e/support/phone-cpu.ts), whatever machine runs the suite.
 */
const SLOW_NETWORK = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};
const BUDGET_MS = 1200;
const RUNS = 5;

/**
 * First contentful paint of one load on the phone: a new context (no cookies, the HTTP cache off) on the phone's CPU,
 * whose throttling rate is measured just before in a context of its own (a page closed in the measured one ends its
 * renderer's throttling). The renderer has shown the page once before the measured load, at full speed: the first
 * layout in a new Linux renderer asks the browser process for every font family, weight and size over the sandbox's
 * IPC (about 20 round trips, 175-240 ms of a 1.0-1.3 s paint on a two-core host), which a phone's browser, its fonts
 * loaded, does not. The HTML, its inlined CSS and everything else still come over the slow network, every time.
 */
async function firstPaint(
  browser: Browser,
  url: string,
): Promise<{ fcp: number; htmlBytes: number; blockingCss: number; cpu: PhoneCpu }> {
  const calibration = await browser.newContext();
  const cpu = await phoneCpu(calibration).finally(() => calibration.close());
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: "tr-TR",
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await page.goto(url, { waitUntil: "load", timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu.rate });
    // Measured up to the first paint: the scripts that arrive after it are not waited for.
    const response = await page.goto(url, { waitUntil: "commit", timeout: 30_000 });
    const fcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const seen = performance.getEntriesByName("first-contentful-paint")[0];
          if (seen) return resolve(seen.startTime);
          new PerformanceObserver((list) => resolve(list.getEntries()[0]!.startTime)).observe({
            type: "paint",
            buffered: true,
          });
        }),
    );
    const htmlBytes = (await response!.body()).length;
    const blockingCss = await page.evaluate(() => document.querySelectorAll('link[rel="stylesheet"]').length);
    if (process.env.FCP_DEBUG)
      console.log(
        await page.evaluate(() =>
          JSON.stringify(
            [performance.getEntriesByType("navigation")[0], ...performance.getEntriesByType("resource")].map((e) => {
              const r = e as PerformanceResourceTiming;
              return `${r.name.slice(-50)} start=${Math.round(r.startTime)} end=${Math.round(r.responseEnd)} bytes=${r.transferSize}/${r.decodedBodySize}`;
            }),
            null,
            1,
          ),
        ),
      );
    return { fcp, htmlBytes, blockingCss, cpu };
  } finally {
    await context.close();
  }
}

test("a manual deposit page paints its first screen within 1.2 s on a slow phone network", async ({
  browser,
  baseURL,
}) => {
  const { url: paymentUrl } = await manualDeposit(baseURL!, await payingTenant(), 1500);
  test.setTimeout(180_000);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await firstPaint(browser, paymentUrl));
  const median = runs.map((r) => r.fcp).sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  console.log(
    `first contentful paint (ms): ${runs.map((r) => Math.round(r.fcp)).join(", ")}; median ${Math.round(median)}; HTML ${runs[0]!.htmlBytes} bytes; render-blocking stylesheets ${runs[0]!.blockingCss}`,
  );
  console.log(
    `phone CPU (BenchmarkIndex ${PHONE_BENCHMARK_INDEX}): ${runs.map((r) => `host ${r.cpu.hostIndex} x1/${r.cpu.rate} = ${r.cpu.phoneIndex}`).join("; ")}`,
  );
  expect(median).toBeLessThan(BUDGET_MS);
});
