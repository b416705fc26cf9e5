import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * A client hangs up on a request that went through Next's proxy body handling (its cloneable body, as
 * Next uses it when the proxy runs): in a process of its own, since the old behaviour was an uncaught
 * exception. `guarded` installs hangUpWithoutCrash first, as scripts/server.ts does for every request.
 */
function hangUp(guarded: boolean): string {
  const script = `
    import http from "node:http";
    import { createRequire } from "node:module";
    import { hangUpWithoutCrash } from "./lib/edge/http/client-hang-up.ts";
    const { getCloneableBody } = createRequire(import.meta.url)("next/dist/server/body-streams.js");
    process.on("uncaughtException", (e) => { console.log("uncaught", e.message, e.code); process.exit(0); });
    const server = http.createServer(async (req) => {
      if (${guarded}) hangUpWithoutCrash(req);
      req.on("close", () => setTimeout(() => { console.log("closed quietly"); process.exit(0); }, 300));
      const body = getCloneableBody(req);
      body.cloneBodyStream();
      await body.finalize(); // the request now carries the copy's stream methods; no answer is ever sent
      client.destroy(); // the client gives up
    });
    let client;
    server.listen(0, "127.0.0.1", () => {
      client = http.request({ port: server.address().port, host: "127.0.0.1", path: "/" });
      client.on("error", () => {});
      client.end();
    });`;
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 60_000,
  });
  return `${run.stdout}${run.stderr}`.trim();
}

describe("a client that hangs up before its answer", () => {
  it("is no uncaught exception once the request is guarded", { timeout: 120_000 }, () => {
    expect(hangUp(false)).toContain("uncaught aborted ECONNRESET");
    expect(hangUp(true)).toBe("closed quietly");
  });
});
