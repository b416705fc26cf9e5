import { describe, expect, it, vi } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/edge/http/api-error";
import { withApiErrors } from "@/lib/edge/http/with-api-errors";
import { isDatabaseUnavailable } from "./database-unavailable";

const known = (code: string, cause: Record<string, unknown>, message = "Invalid invocation") =>
  new Prisma.PrismaClientKnownRequestError(message, {
    code,
    clientVersion: "7",
    meta: { driverAdapterError: { name: "DriverAdapterError", cause } },
  });

// The shapes Prisma 7 with @prisma/adapter-pg produced while PostgreSQL was stopped under a running client.
const OUTAGE = {
  "server stopped with the query in flight": known("P2010", {
    kind: "postgres",
    code: "57P01",
    originalCode: "57P01",
    message: "terminating connection due to administrator command",
  }),
  "server unreachable (raw query)": known("P2010", { kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 }),
  "server unreachable (model query)": known("P1001", { kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 }),
  "connection reset": known("P2010", { kind: "ConnectionClosed" }),
  "too many connections": known("P2010", { kind: "TooManyConnections", cause: "sorry, too many clients already" }),
  "connection lost inside an interactive transaction": new Error(
    "Client has encountered a connection error and is not queryable",
  ),
  "server starting up": Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
  "pool timeout": new Prisma.PrismaClientKnownRequestError(
    "Timed out fetching a new connection from the connection pool",
    { code: "P2024", clientVersion: "7" },
  ),
};

const NOT_OUTAGE = {
  "unique violation": known("P2002", { kind: "UniqueConstraintViolation" }),
  "syntax error": known("P2010", { kind: "postgres", code: "42601", message: 'syntax error at or near "SELEC"' }),
  "a bug": new TypeError("Cannot read properties of undefined (reading 'id')"),
  "a string": "boom",
};

describe("isDatabaseUnavailable", () => {
  it.each(Object.entries(OUTAGE))("%s: unavailable", (_, error) => expect(isDatabaseUnavailable(error)).toBe(true));
  it.each(Object.entries(NOT_OUTAGE))("%s: not an outage", (_, error) =>
    expect(isDatabaseUnavailable(error)).toBe(false),
  );
});

describe("withApiErrors during a database outage", () => {
  it(
    "answers 503 with Retry-After in the contract's error shape, with the request id and nothing of the " + "failure",
    async () => {
      const log = vi.spyOn(console, "error").mockImplementation(() => {});
      const route = withApiErrors(async () => {
        throw OUTAGE["server unreachable (raw query)"];
      });
      const res = await route(new Request("http://x/api", { headers: { "x-request-id": "req-outage-1" } }), {
        params: Promise.resolve({}),
      });
      const text = await res.text();
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(JSON.parse(text)).toEqual({
        success: false,
        error: "Service unavailable",
        message: expect.any(String),
        request_id: "req-outage-1",
      });
      expect(text).not.toMatch(/127\.0\.0\.1|5432|Prisma|invocation/);
      log.mockRestore();
    },
  );

  it("leaves ApiErrors alone", async () => {
    const route = withApiErrors(async () => {
      throw ApiError.plain(409, "Request in progress", "busy");
    });
    expect((await route(new Request("http://x/api"), { params: Promise.resolve({}) })).status).toBe(409);
  });
});
