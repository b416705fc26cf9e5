/**
 * The OpenAPI document read as an integrator's tooling reads it: for every operation, requests generated from
 * its schemas (fast-check, fixed seed), signed correctly, sent to the production build. A request the document
 * calls valid may only be refused for a business rule listed below; one it calls invalid must get 422; nothing
 * may get a 5xx or a response the document does not describe. Every unsupported method on every API path
 * must get 405 with Allow and the JSON error shape.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { prisma } from "@/lib/base/db/prisma";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { MAX_AMOUNT } from "@/lib/domain/schemas/common";
import { formatDateTime } from "@/lib/base/time/format";
import { ACQUIRER, staffActor } from "@/lib/domain/transactions/transition-actor";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { insertTransaction } from "../support/transactions";
import { startCallbackReceiver } from "../support/callback-receiver";
import { addFundedWallet, createTenant } from "../support/fixtures";
import { httpRequest, type HttpResult } from "../support/http";
import { assertDocumentedResponse } from "../support/openapi-conformance";
import { requestOracle, readQuery } from "../support/request-oracle";
import { apiRouteFiles } from "../support/route-files";
import { brokenObject, validValue, type Hints, type Schema } from "../support/schema-arbitrary";
import { signedRequest } from "../support/signed-request";

const baseUrl = inject("baseUrl");
const SEED = 19;
const VALID_CASES = 100;
const INVALID_CASES = 120;
const CONCURRENCY = 4;
const ACTOR = { label: "openapi-fuzz" };
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

type Parameter = { name: string; in: string; required?: boolean; schema: Schema };
type Operation = {
  operationId: string;
  parameters: Parameter[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
};
type Document = { paths: Record<string, Record<string, Operation>> };
type Case = { valid: boolean; body?: string; query?: string; why: string };
type Finding = { operation: string; kind: string; status: number; request: string; response: string };

/** Refusals of document-valid requests that are business rules, not shape: per operation, status and body. */
const BUSINESS_RULES: Record<string, { status: number; body: RegExp }[]> = {
  startManualDeposit: [{ status: 422, body: /No bank account can take an amount/ }],
  startDealerDeposit: [{ status: 422, body: /No bank account can take an amount/ }],
  startCardPayment: [{ status: 401, body: /"Invalid credential key"/ }],
  getCardPaymentStatus: [{ status: 404, body: /No card payment/ }],
  getDealerCardPaymentStatus: [{ status: 404, body: /No card payment/ }],
  getTransferStatus: [{ status: 404, body: /No transfer/ }],
  // The read endpoints: a code that is not the caller's, a window the schema cannot judge, a resend too soon.
  ...Object.fromEntries(
    ["getTransactionStatus", "getDealerTransactionStatus", "listCallbacks", "listDealerCallbacks"].map((id) => [
      id,
      [{ status: 404, body: /No transaction/ }],
    ]),
  ),
  ...Object.fromEntries(
    ["resendCallback", "resendDealerCallback"].map((id) => [
      id,
      [
        { status: 404, body: /No transaction/ },
        { status: 409, body: /"error":"No callback to resend"/ },
        { status: 409, body: /"error":"No callback URL"/ },
        { status: 429, body: /"error":"Too many requests"/ },
      ],
    ]),
  ),
  ...Object.fromEntries(
    ["listTransactions", "listDealerTransactions"].map((id) => [
      id,
      [
        {
          status: 422,
          body: /^\{"success":false,"error":"Validation failed","messages":\["(from is not a real|to is not a real|to must be later than from|The window from from to to must be at most 31 days|cursor is not one this API answered)/,
        },
      ],
    ]),
  ),
  // A well-formed instant the schema cannot place in time: the future has no balance yet.
  ...Object.fromEntries(
    ["getBalance", "getDealerBalance"].map((id) => [
      id,
      [
        {
          status: 422,
          body: /^\{"success":false,"error":"Validation failed","messages":\["as_of must not be in the future"\]\}$/,
        },
      ],
    ]),
  ),
  listEibanTransactions: [
    { status: 422, body: /"error_code":"(INVALID_DATE_RANGE|DATE_RANGE_EXCEEDED)"/ },
    { status: 403, body: /"error_code":"WALLET_NOT_ASSIGNED"/ },
  ],
  sendMoney: [
    { status: 403, body: /"error_code":"WALLET_NOT_ASSIGNED"/ },
    { status: 422, body: /"error_code":"INSUFFICIENT_BALANCE"/ },
  ],
  // The chosen gateway's own rules: which gateway, its amount range, its required fields, coins and address formats.
  ...Object.fromEntries(
    ["startBankWithdrawal", "startCryptoWithdrawal", "startWalletWithdrawal"].map((id) => [
      id,
      [
        {
          status: 422,
          body: /^\{"success":false,"error":"Validation failed","messages":\["(gateway_id does not name an active|amount must be between|[a-z_]+ is required by this gateway|crypto_type must be one of|wallet_address is not a valid)/,
        },
      ],
    ]),
  ),
};

const UNSUPPORTED_CANDIDATES = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "TRACE", "QUERY", "PROPFIND"];

let document: Document;
let creds: { provider: { apiKey: string; secretKey: string }; dealer: { apiKey: string; secretKey: string } };
let verificationKey: string;
let credentialKey: string;
const hints: Record<string, Hints> = {};

let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

async function fixtures() {
  // Callbacks have somewhere to go, so a resend of one can succeed (a resend without a URL is 409 No callback URL).
  receiver = await startCallbackReceiver();
  const t = await createTenant({ callbackUrl: receiver.url, dealerCallbackUrl: receiver.url });
  // Amounts up to the document's maximum: the account's own maximum per transaction is a business rule, set aside here.
  const unlimited = { rateLimitPerMinute: 1_000_000, maxTransactionAmount: MAX_AMOUNT };
  await prisma.provider.update({ where: { id: t.provider.id }, data: unlimited });
  await prisma.dealer.update({ where: { id: t.dealer.id }, data: unlimited });
  const digits = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(-16).padStart(16, "0");
  await addBankAccount(
    {
      dealerId: t.dealer.id,
      bankName: "Fuzz Bank",
      accountName: "Fuzz A.Ş.",
      iban: ibanFromBban("TR", `00010${digits()}0`),
      minAmount: "1",
      maxAmount: "100000",
    },
    ACTOR,
  );
  const wallet = await addFundedWallet({
    dealerId: t.dealer.id,
    iban: ibanFromBban("TR", `00829${digits()}0`),
    bankName: "Fuzz E-Bank",
    accountName: "Fuzz Wallet",
    balance: "5000000.00",
  });
  const suffix = digits().slice(-8);
  const gateway = (method: "BANK" | "CRYPTO" | "WALLET", extra: Record<string, unknown>) =>
    saveGateway(
      undefined,
      {
        method,
        name: `Fuzz ${method}`,
        code: `fuzz-${method.toLowerCase()}-${suffix}`,
        minAmount: "1",
        maxAmount: "100000",
        description: "fuzz",
        isActive: true,
        requiredFields: [],
        supportedCryptoTypes: [],
        ...extra,
      },
      ACTOR,
    );
  const bank = await gateway("BANK", {});
  const crypto = await gateway("CRYPTO", { supportedCryptoTypes: ["USDT-TRC20"] });
  const walletGateway = await gateway("WALLET", {});
  creds = { provider: t.creds, dealer: t.dealerCreds };
  verificationKey = t.provider.verification_key;
  credentialKey = t.site.credential_key;
  const payer = {
    username: "fuzz",
    firstname: "Fuzz",
    lastname: "Müşteri",
    email: "fuzz@example.com",
    phone: "+905550000000",
    amount: 250,
  };
  const providerCard = await signedRequest(baseUrl, "/api/provider/credit-card/payment", creds.provider, {
    body: { ...payer, user_id: "fuzz-1", credential_key: credentialKey },
  });
  const dealerCard = await signedRequest(baseUrl, "/api/dealer/credit-card/payment", creds.dealer, { body: payer });
  const transfer = await signedRequest(baseUrl, "/api/dealer/send-money", creds.dealer, {
    body: {
      wallet_id: wallet.wallet_id,
      recipient_iban: "TR330006100519786457841326",
      recipient_name: "Fuzz",
      amount: "10.00",
    },
  });
  // Transactions that owe a callback, for the callbacks and their resend (no receiver: each is resent once a minute).
  const decided = await insertTransaction(t);
  await prisma.$transaction((tx) =>
    transitionTransaction(tx, {
      id: decided.id,
      to: "completed",
      actor: staffActor({ label: "openapi-fuzz", viaCli: true }),
    }),
  );
  const dealerPaid = await insertTransaction(t, {
    origin: "DEALER",
    providerId: null,
    siteId: null,
    method: "CREDIT_CARD",
    direction: "PAYMENT",
    orderId: `ORD-FUZZ-${digits()}`,
  });
  await prisma.$transaction((tx) => transitionTransaction(tx, { id: dealerPaid.id, to: "success", actor: ACQUIRER }));
  const window = {
    from: [formatDateTime(new Date(Date.now() - 86_400_000))],
    to: [formatDateTime(new Date(Date.now() + 3_600_000))],
  };
  const balanceAsOf = { as_of: [new Date(Date.now() - 3_600_000).toISOString(), "2026-01-01T00:00:00+03:00"] };
  const today = new Date().toISOString().slice(0, 10);
  const dayBefore = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const shared: Hints = {
    credential_key: [credentialKey],
    wallet_id: [wallet.wallet_id],
    transfer_id: [(transfer.json.transfer as { transfer_id: string }).transfer_id],
    start_date: [dayBefore(2), dayBefore(1)],
    end_date: [today, dayBefore(1)],
  };
  Object.assign(hints, {
    getCardPaymentStatus: { tracking_code: [(providerCard.json.data as { tracking_code: string }).tracking_code] },
    getDealerCardPaymentStatus: { tracking_code: [(dealerCard.json.data as { tracking_code: string }).tracking_code] },
    getTransactionStatus: {
      tracking_code: [decided.trackingCode, (providerCard.json.data as { tracking_code: string }).tracking_code],
    },
    getDealerTransactionStatus: {
      tracking_code: [dealerPaid.trackingCode, (dealerCard.json.data as { tracking_code: string }).tracking_code],
    },
    listCallbacks: { tracking_code: [decided.trackingCode] },
    listDealerCallbacks: { tracking_code: [dealerPaid.trackingCode] },
    resendCallback: { tracking_code: [decided.trackingCode] },
    resendDealerCallback: { tracking_code: [dealerPaid.trackingCode] },
    listTransactions: { ...window, site_id: [t.site.id] },
    listDealerTransactions: window,
    getBalance: balanceAsOf,
    getDealerBalance: balanceAsOf,
    startBankWithdrawal: { gateway_id: [bank.id] },
    startCryptoWithdrawal: { gateway_id: [crypto.id], crypto_type: ["USDT-TRC20"], wallet_address: [TRON] },
    startWalletWithdrawal: { gateway_id: [walletGateway.id] },
    shared,
  });
}

beforeAll(async () => {
  document = (await httpRequest({ url: `${baseUrl}/api/openapi.json`, method: "GET" })).json as unknown as Document;
  await fixtures();
}, 120_000);
afterAll(async () => {
  await receiver?.close();
});

function querySchema(parameters: Parameter[]): Schema | null {
  const query = parameters.filter((p) => p.in === "query");
  if (!query.length) return null;
  return {
    type: "object",
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
    required: query.filter((p) => p.required).map((p) => p.name),
  };
}

/** A query object as a query string; null when a value has no query-string form (objects, arrays, null). */
function queryString(value: unknown): Record<string, string> | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  if (
    entries.some(
      ([, v]) => v === null || typeof v === "object" || (typeof v === "string" && /[\ud800-\udfff]/u.test(v)),
    )
  )
    return null;
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
}

/** Generated requests for one operation, each classified by the document itself. */
function casesFor(operation: Operation, oracle: ReturnType<typeof requestOracle>): Case[] {
  const body = operation.requestBody?.content["application/json"].schema;
  const query = querySchema(operation.parameters);
  const opHints = { ...hints.shared, ...hints[operation.operationId] };
  if (!body && !query) return [{ valid: true, why: "no input" }];
  const schema = (body ?? query)!;
  const generated = [
    ...fc.sample(validValue(schema, opHints), { seed: SEED, numRuns: VALID_CASES }),
    ...fc.sample(brokenObject(schema, opHints, { body: Boolean(body) }), { seed: SEED, numRuns: INVALID_CASES }),
  ];
  const cases: Case[] = [];
  for (const value of generated) {
    if (body) {
      const { valid, errors } = oracle(body, value);
      cases.push({ valid, body: JSON.stringify(value), why: errors });
      continue;
    }
    const params = queryString(value);
    if (!params) continue;
    const { valid, errors } = oracle(query!, readQuery(query!, params));
    cases.push({ valid, query: new URLSearchParams(params).toString(), why: errors });
  }
  return cases;
}

function send(path: string, method: string, operation: Operation, c: Case): Promise<HttpResult> {
  const names = operation.parameters.map((p) => p.name);
  const account = path.startsWith("/api/dealer/") ? creds.dealer : creds.provider;
  const headers: Record<string, string> = {};
  const middle: string[] = [];
  if (names.includes("X-Key")) middle.push((headers["x-key"] = verificationKey));
  if (names.includes("X-Credential-Key")) middle.push((headers["x-credential-key"] = credentialKey));
  return signedRequest(baseUrl, c.query ? `${path}?${c.query}` : path, account, {
    method: method.toUpperCase(),
    middle,
    headers,
    rawBody: c.body,
    checkResponse: false,
  });
}

function judge(id: string, method: string, path: string, c: Case, res: HttpResult): string | null {
  if (res.status >= 500) return "5xx";
  if (!res.headers["x-request-id"]) return "response without the declared X-Request-Id";
  try {
    assertDocumentedResponse(method, `${baseUrl}${path}`, res.status, res.text);
  } catch {
    return "response not in the document";
  }
  if (!c.valid)
    return res.status === 422
      ? null
      : res.status < 300
        ? "invalid request accepted"
        : `invalid request answered ${res.status}, not 422`;
  if (res.status < 300) return null;
  if ((BUSINESS_RULES[id] ?? []).some((rule) => rule.status === res.status && rule.body.test(res.text))) return null;
  return res.status === 422 ? "valid request refused for shape" : `valid request refused with ${res.status}`;
}

async function pool<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await run(item);
    }),
  );
}

describe("requests generated from the OpenAPI document", () => {
  it("document-valid requests are never refused for shape, document-invalid ones get 422, nothing gets a 5xx", async () => {
    const oracle = requestOracle();
    const findings: Finding[] = [];
    const tally: Record<string, { valid: number; invalid: number; succeeded: number }> = {};
    const jobs = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.entries(ops).flatMap(([method, operation]) =>
        casesFor(operation, oracle).map((c) => ({ path, method, operation, c })),
      ),
    );
    await pool(jobs, async ({ path, method, operation, c }) => {
      const id = operation.operationId;
      const count = (tally[id] ??= { valid: 0, invalid: 0, succeeded: 0 });
      count[c.valid ? "valid" : "invalid"] += 1;
      const res = await send(path, method, operation, c);
      if (res.status < 300) count.succeeded += 1;
      const kind = judge(id, method, path, c, res);
      if (kind)
        findings.push({
          operation: `${method.toUpperCase()} ${path}`,
          kind,
          status: res.status,
          request: `${c.query ?? c.body ?? ""}`.slice(0, 300) + (c.why ? ` [document: ${c.why}]` : ""),
          response: res.text.slice(0, 300),
        });
    });
    const byKind = new Map<string, number>();
    const examples = new Map<string, Finding>();
    for (const f of findings) {
      byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
      if (!examples.has(`${f.operation} ${f.kind}`)) examples.set(`${f.operation} ${f.kind}`, f);
    }
    console.log(
      `document-driven requests: ${jobs.length}; findings: ${[...byKind].map(([k, n]) => `${k}: ${n}`).join(", ") || "none"}`,
    );
    console.log(
      Object.entries(tally)
        .map(([id, c]) => `${id}: ${c.valid} valid, ${c.invalid} invalid, ${c.succeeded} succeeded`)
        .join("\n"),
    );
    expect([...examples.values()]).toEqual([]);
    // Not vacuous: every operation was called, reached success at least once, and got both kinds of input.
    for (const [, ops] of Object.entries(document.paths)) {
      for (const operation of Object.values(ops)) {
        const count = tally[operation.operationId];
        expect(count?.succeeded, operation.operationId).toBeGreaterThan(0);
        if (operation.requestBody || querySchema(operation.parameters))
          expect(Math.min(count!.valid, count!.invalid), operation.operationId).toBeGreaterThanOrEqual(5);
      }
    }
  }, 600_000);
});

describe("methods an API path does not support", () => {
  it("every API path answers them with 405, Allow and the JSON error shape; OPTIONS lists the same methods", async () => {
    const routes = apiRouteFiles();
    expect(routes.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(/\[\.\.\.[^\]]+\]/g, "session").replace(/\[[^\]]+\]/g, "x");
      const allow = [...new Set([...route.methods, ...(route.methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"])]
        .sort()
        .join(", ");
      const options = await httpRequest({ url: baseUrl + path, method: "OPTIONS", checkResponse: false });
      if (options.headers.allow !== allow)
        problems.push(`OPTIONS ${path}: Allow ${options.headers.allow}, expected ${allow}`);
      for (const method of UNSUPPORTED_CANDIDATES.filter((m) => !allow.split(", ").includes(m))) {
        const res = await httpRequest({
          url: baseUrl + path,
          method,
          headers: { "content-type": "application/json" },
          body: ["GET", "HEAD", "TRACE"].includes(method) ? undefined : "{}",
          checkResponse: false,
        });
        const shape =
          method === "HEAD" ||
          (res.json.success === false &&
            res.json.error === "Method not allowed" &&
            typeof res.json.message === "string");
        if (
          res.status !== 405 ||
          res.headers.allow !== allow ||
          !String(res.headers["content-type"]).startsWith("application/json") ||
          !shape
        ) {
          problems.push(
            `${method} ${path}: ${res.status} allow=${res.headers.allow ?? "-"} ${String(res.headers["content-type"] ?? "-")} ${res.text.slice(0, 80)}`,
          );
        }
      }
    }
    console.log(`unsupported-method problems: ${problems.length}`);
    expect(problems).toEqual([]);
  }, 120_000);
});
