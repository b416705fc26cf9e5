import { describe, expect, it, vi } from "vitest";
import { logger } from "@/lib/base/observability/logger";
import { ApiError } from "./api-error";
import { withApiErrors } from "./with-api-errors";

const NO_PARAMS = { params: Promise.resolve({}) };

describe("withApiErrors", () => {
  it("maps ApiError to its status and body and stamps X-Request-Id", async () => {
    const route = withApiErrors(async () => {
      throw ApiError.access(403, "IP address not allowed", "nope");
    });
    const res = await route(new Request("http://x/api"), NO_PARAMS);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: "IP address not allowed", message: "nope" });
    expect(res.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
  });

  it("turns anything else into a 500 with the request id and nothing of the failure", async () => {
    // Unexpected errors go through the one log stream (pino), with the request id.
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    const route = withApiErrors(async () => {
      throw new Error('relation "providers" violates SELECT secret_key_enc FROM sk_live_123');
    });
    const res = await route(new Request("http://x/api", { headers: { "x-request-id": "req-12345678" } }), NO_PARAMS);
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      success: false,
      error: "Internal error",
      message: expect.any(String),
      request_id: "req-12345678",
    });
    expect(text).not.toMatch(/SELECT|sk_live|providers|at /);
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]![0]).toMatchObject({ request_id: "req-12345678" });
    log.mockRestore();
  });
});
