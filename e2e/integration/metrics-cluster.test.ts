import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { serverWorkerPids } from "../support/child-processes";
import { httpRequest } from "../support/http";
import { ownDatabase } from "../support/own-database";
import { sample } from "../support/prometheus-text";
import { startAppServer, type AppServer } from "../support/test-stack";

const own = ownDatabase();
const TOKEN = randomBytes(24).toString("hex");
let server: AppServer;

beforeAll(async () => {
  server = await startAppServer({ ...own.env, METRICS_TOKEN: TOKEN, JOB_RUNNER: "off", WEB_CONCURRENCY: "2" }, []);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

// A new connection each time (no keep-alive): the cluster hands each to the next worker, so the requests and
// the scrapes are spread over both.
const get = (path: string, headers: Record<string, string> = {}) =>
  httpRequest({ url: `${server.baseUrl}${path}`, method: "GET", headers: { connection: "close", ...headers } });
const scrape = async () => {
  const answer = await get("/api/metrics", { authorization: `Bearer ${TOKEN}` });
  expect(answer.status, answer.text).toBe(200);
  return answer.text;
};

describe("/api/metrics with two workers: the instance's figures", { timeout: 180_000 }, () => {
  it("eight scrapes never go back and count every request, whichever worker answers them", async () => {
    expect(server.output()).toMatch(/Ready on .*, 2 workers/);
    const health = { route: "/api/health", method: "GET", status: "200" };
    let sent = 0;
    const seen: { health: number; scrapes: number; durations: number }[] = [];
    for (let round = 0; round < 8; round++) {
      // Five at a time, so both workers have some in flight.
      for (let batch = 0; batch < 2; batch++) {
        const answers = await Promise.all(Array.from({ length: 5 }, () => get("/api/health")));
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
        sent += 5;
      }
      const text = await scrape();
      seen.push({
        health: sample(text, "http_requests_total", health) ?? 0,
        scrapes: sample(text, "http_requests_total", { route: "/api/metrics", method: "GET", status: "200" }) ?? 0,
        durations: sample(text, "http_request_duration_seconds_count", health) ?? 0,
      });
      // Every health request so far, counted once, whichever worker served it and whichever answers the scrape.
      expect(seen.at(-1), `round ${round}: ${JSON.stringify(seen)}`).toMatchObject({ health: sent, durations: sent });
    }
    // The scrapes themselves are counted once they are answered: the n-th sees the n-1 before it, never fewer.
    expect(seen.map((s) => s.scrapes)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("reads what the database holds once per scrape: the callback backlog is not summed over the workers", async () => {
    for (const [i, nextAttemptAt] of [
      new Date(Date.now() - 60_000),
      new Date(Date.now() - 30_000),
      new Date(Date.now() + 3600_000),
    ].entries()) {
      await prisma.callbackDelivery.create({
        data: {
          kind: "PROVIDER_DEPOSIT",
          url: "https://cb.example",
          trackingCode: `CLU-${i}`,
          status: "completed",
          payload: {},
          nextAttemptAt,
        },
      });
    }
    // A scrape's database figures serve every gauge of that scrape for a second (operational-metrics.ts): the
    // previous test's last scrape may be that recent.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    for (let i = 0; i < 4; i++) {
      const text = await scrape();
      expect(sample(text, "callback_backlog")).toBe(3);
      expect(sample(text, "callback_oldest_due_age_seconds")).toBeGreaterThanOrEqual(59);
      // One line per metric name, as one process would write it.
      for (const name of ["callback_backlog", "http_requests_total", "nodejs_heap_size_used_bytes"]) {
        expect(text.match(new RegExp(`^# TYPE ${name} `, "gm")), name).toHaveLength(1);
      }
    }
  });

  it("keeps what a worker counted when it dies: the instance's counters do not go back while another starts", async () => {
    const health = { route: "/api/health", method: "GET", status: "200" };
    const before = sample(await scrape(), "http_requests_total", health)!;
    expect(before).toBeGreaterThanOrEqual(80);
    const [victim, survivor] = serverWorkerPids(server.pid);
    // Each worker logs its job mode once it listens: the third such line is the replacement serving.
    const serving = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"background jobs"')).length;
    expect(serving()).toBe(2);
    process.kill(victim!, "SIGKILL");
    // Until the replacement serves beside the survivor, then six scrapes more: never fewer than before.
    const seen: number[] = [];
    let afterReplacement = 0;
    const deadline = Date.now() + 90_000;
    while (afterReplacement < 6 && Date.now() < deadline) {
      const replaced = serving() === 3;
      // node:cluster may have handed this connection to the worker as it died: it is then never answered.
      const answer = await httpRequest({
        url: `${server.baseUrl}/api/metrics`,
        method: "GET",
        headers: { connection: "close", authorization: `Bearer ${TOKEN}` },
        timeoutMs: 10_000,
      }).catch(() => null);
      // A scrape whose collection met the dying worker is refused whole (503), never answered in part.
      if (answer) expect([200, 503], answer.text).toContain(answer.status);
      if (answer?.status === 200) {
        seen.push(sample(answer.text, "http_requests_total", health) ?? 0);
        if (replaced) afterReplacement += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(afterReplacement, server.output().split("\n").slice(-20).join("\n")).toBe(6);
    const workers = serverWorkerPids(server.pid);
    expect(workers).toHaveLength(2);
    expect(workers).toContain(survivor);
    expect(workers).not.toContain(victim);
    expect(Math.min(...seen), JSON.stringify(seen)).toBe(before);
    expect(Math.max(...seen), JSON.stringify(seen)).toBe(before);
    // And the new worker's requests add to them.
    await Promise.all(Array.from({ length: 6 }, () => get("/api/health")));
    expect(sample(await scrape(), "http_requests_total", health)).toBe(before + 6);
  });
});
