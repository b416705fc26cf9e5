import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { isUnservedThirdPartyKind } from "./unserved-kind";

const req = (method: string, url: string) => ({ method, url }) as IncomingMessage;

describe("third-party kinds without contracts", () => {
  it.each([
    ["POST", "/api/provider/third-party/foo/start-deposit"],
    ["GET", "/api/provider/third-party/BANK/gateways"],
    ["OPTIONS", "/api/provider/third-party/cheque/start-withdrawal"],
    ["GET", "/api/provider/third-party/%66oo/gateways"],
  ])("%s %s is Next's 404", (method, url) => expect(isUnservedThirdPartyKind(req(method, url))).toBe(true));

  it.each([
    ["POST", "/api/provider/third-party/bank/start-deposit"],
    ["GET", "/api/provider/third-party/crypto/gateways"],
    ["GET", "/api/provider/third-party/%62ank/gateways"],
    ["POST", "/api/provider/third-party/foo/other"],
    ["TRACE", "/api/provider/third-party/foo/gateways"],
    ["POST", "/api/provider/welcome"],
  ])("%s %s is left to the routes", (method, url) => expect(isUnservedThirdPartyKind(req(method, url))).toBe(false));
});
