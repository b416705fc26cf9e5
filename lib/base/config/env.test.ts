import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bootConfig, ConfigRefusal, forgetBootedConfig, parseConfig } from "./env";

const dir = mkdtempSync(path.join(tmpdir(), "pis-env-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A production environment that starts; each test spoils one variable. */
const production = (): Record<string, string | undefined> => ({
  NODE_ENV: "production",
  NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
  APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  BANK_WEBHOOK_SECRET: randomBytes(32).toString("hex"),
  ACQUIRER_WEBHOOK_SECRET: randomBytes(32).toString("hex"),
  PUBLIC_BASE_URL: "https://pay.example.com",
  DATABASE_URL: "postgresql://app:secret@db.internal:5432/pis",
});

/** The refusal's variable and message, or null when the environment is accepted. */
function refusal(source: Record<string, string | undefined>): { variable: string; message: string } | null {
  try {
    parseConfig(source);
    return null;
  } catch (error) {
    if (!(error instanceof ConfigRefusal)) throw error;
    return { variable: error.variable, message: error.message };
  }
}

function file(content: string): string {
  const name = path.join(dir, randomBytes(4).toString("hex"));
  writeFileSync(name, content);
  return name;
}

describe("the configuration in production", () => {
  it("accepts a complete environment, frozen", () => {
    const config = parseConfig(production());
    expect(config.PUBLIC_BASE_URL).toBe("https://pay.example.com");
    expect(Object.isFrozen(config)).toBe(true);
  });

  it.each([
    ["missing", undefined, /NEXTAUTH_SECRET must be set in production/],
    ["x", "x", /NEXTAUTH_SECRET is too short/],
    ["31 random characters", randomBytes(32).toString("base64url").slice(0, 31), /NEXTAUTH_SECRET is too short/],
    ["one character repeated", "x".repeat(64), /NEXTAUTH_SECRET has too little entropy/],
    ["two characters alternating", "ab".repeat(32), /NEXTAUTH_SECRET has too little entropy/],
    ["a word typed over and over", "secret".repeat(8), /NEXTAUTH_SECRET has too little entropy/],
  ])("refuses NEXTAUTH_SECRET %s, naming it", (_, value, message) => {
    const found = refusal({ ...production(), NEXTAUTH_SECRET: value });
    expect(found?.variable).toBe("NEXTAUTH_SECRET");
    expect(found?.message).toMatch(message);
  });

  it("accepts random secrets as hex or base64", () => {
    expect(refusal({ ...production(), NEXTAUTH_SECRET: randomBytes(16).toString("hex") })).toBeNull();
    expect(refusal({ ...production(), NEXTAUTH_SECRET: randomBytes(32).toString("base64") })).toBeNull();
  });

  it.each([
    ["all zero", Buffer.alloc(32).toString("base64"), /all zero/],
    ["one byte repeated", Buffer.alloc(32, 0x41).toString("base64"), /one byte repeated \(0x41\)/],
    ["a short pattern", Buffer.from("0123".repeat(8)).toString("base64"), /not 32 random bytes/],
    ["16 bytes", randomBytes(16).toString("base64"), /must be 32 bytes/],
  ])("refuses an encryption key that is %s, naming it", (_, key, message) => {
    const single = refusal({ ...production(), APP_ENCRYPTION_KEY: key });
    expect(single?.variable).toBe("APP_ENCRYPTION_KEY");
    expect(single?.message).toMatch(message);
    const ring = refusal({
      ...production(),
      APP_ENCRYPTION_KEY: undefined,
      APP_ENCRYPTION_KEYS: `k2:${randomBytes(32).toString("base64")},k1:${key}`,
    });
    expect(ring?.variable).toBe("APP_ENCRYPTION_KEYS");
    expect(ring?.message).toContain('APP_ENCRYPTION_KEYS key "k1"');
  });

  it("refuses production without an encryption key", () => {
    expect(refusal({ ...production(), APP_ENCRYPTION_KEY: undefined })?.variable).toBe("APP_ENCRYPTION_KEY");
  });

  it("refuses INNGEST_DEV, naming it", () => {
    const found = refusal({ ...production(), INNGEST_DEV: "1" });
    expect(found?.variable).toBe("INNGEST_DEV");
    expect(found?.message).toMatch(/^INNGEST_DEV must not be set in production/);
  });

  it("refuses Inngest's event key without its signing key, naming the signing key", () => {
    expect(refusal({ ...production(), INNGEST_EVENT_KEY: "event-key" })?.variable).toBe("INNGEST_SIGNING_KEY");
    expect(
      refusal({ ...production(), INNGEST_EVENT_KEY: "event-key", INNGEST_SIGNING_KEY: "signkey-prod-0123" }),
    ).toBeNull();
  });

  it("refuses a missing or plain-http PUBLIC_BASE_URL, naming it", () => {
    expect(refusal({ ...production(), PUBLIC_BASE_URL: undefined })?.message).toMatch(
      /^PUBLIC_BASE_URL must be set in production/,
    );
    expect(refusal({ ...production(), PUBLIC_BASE_URL: "" })?.variable).toBe("PUBLIC_BASE_URL");
    expect(refusal({ ...production(), PUBLIC_BASE_URL: "http://pay.example.com" })?.message).toMatch(
      /^PUBLIC_BASE_URL must be an https URL/,
    );
    expect(refusal({ ...production(), PUBLIC_BASE_URL: "http://127.0.0.1:3000" })?.variable).toBe("PUBLIC_BASE_URL");
    // The opt-out covers this host only, never a public one.
    expect(
      refusal({ ...production(), PUBLIC_BASE_URL: "http://127.0.0.1:3000", ALLOW_INSECURE_PUBLIC_BASE_URL: "1" }),
    ).toBeNull();
    expect(
      refusal({ ...production(), PUBLIC_BASE_URL: "http://localhost:3000", ALLOW_INSECURE_PUBLIC_BASE_URL: "1" }),
    ).toBeNull();
    expect(
      refusal({ ...production(), PUBLIC_BASE_URL: "http://pay.example.com", ALLOW_INSECURE_PUBLIC_BASE_URL: "1" })
        ?.variable,
    ).toBe("PUBLIC_BASE_URL");
    expect(refusal({ ...production(), PUBLIC_BASE_URL: "not a url" })?.variable).toBe("PUBLIC_BASE_URL");
  });

  it("refuses missing webhook secrets, naming them", () => {
    expect(refusal({ ...production(), BANK_WEBHOOK_SECRET: "" })?.message).toBe(
      "BANK_WEBHOOK_SECRET must be set in production",
    );
    expect(refusal({ ...production(), ACQUIRER_WEBHOOK_SECRET: undefined })?.variable).toBe("ACQUIRER_WEBHOOK_SECRET");
  });

  it("relaxes the production rules under APP_ENV=development, and outside production", () => {
    expect(
      refusal({ NODE_ENV: "production", APP_ENV: "development", NEXTAUTH_SECRET: "x", INNGEST_DEV: "1" }),
    ).toBeNull();
    expect(refusal({})).toBeNull();
    expect(
      refusal({ NODE_ENV: "development", INNGEST_DEV: "1", APP_ENCRYPTION_KEY: Buffer.alloc(32).toString("base64") }),
    ).toBeNull();
  });
});

describe("the shape of each value, in any mode", () => {
  it.each([
    ["PORT", "eighty"],
    ["DATABASE_POOL_MAX", "1"],
    ["DATABASE_POOLER", "statement"],
    ["IDEMPOTENCY_RETENTION_HOURS", "12"],
    ["CONSOLE_ADMIN_SECOND_FACTOR", "sometimes"],
    ["SANDBOX_ENABLED", "yes"],
    ["PARTNER_PROTOCOL_V1_UNTIL", "next summer"],
    ["FOUR_EYES_AMOUNT_TOLERANCE", "5,00"],
    ["DATABASE_URL", "db.internal"],
  ])("refuses %s=%s, naming it", (variable, value) => {
    const found = refusal({ [variable]: value });
    expect(found?.variable).toBe(variable);
    expect(found?.message).toContain(`${variable} `);
    expect(found?.message).toContain(`"${value}"`);
  });

  it("reads an empty value as unset", () => {
    expect(parseConfig({ PORT: "", SANDBOX_ENABLED: "" })).toMatchObject({
      PORT: undefined,
      SANDBOX_ENABLED: undefined,
    });
    expect(parseConfig({ PORT: "8080", SANDBOX_ENABLED: "1" })).toMatchObject({ PORT: 8080, SANDBOX_ENABLED: true });
  });
});

describe("NAME_FILE", () => {
  it("reads each secret from its file, less the trailing newline", () => {
    const secret = randomBytes(32).toString("base64url");
    const url = "postgresql://app:s3cret@db.internal:5432/pis";
    const config = parseConfig({
      ...production(),
      NEXTAUTH_SECRET: undefined,
      NEXTAUTH_SECRET_FILE: file(`${secret}\n`),
      DATABASE_URL: undefined,
      DATABASE_URL_FILE: file(`${url}\n`),
      DIRECT_DATABASE_URL_FILE: file(url),
    });
    expect(config.NEXTAUTH_SECRET).toBe(secret);
    expect(config.DATABASE_URL).toBe(url);
    expect(config.DIRECT_DATABASE_URL).toBe(url);
  });

  it("checks a secret read from a file like one set directly", () => {
    expect(refusal({ ...production(), NEXTAUTH_SECRET: undefined, NEXTAUTH_SECRET_FILE: file("x\n") })?.variable).toBe(
      "NEXTAUTH_SECRET",
    );
    expect(
      refusal({
        ...production(),
        APP_ENCRYPTION_KEY: undefined,
        APP_ENCRYPTION_KEY_FILE: file(Buffer.alloc(32).toString("base64")),
      })?.message,
    ).toMatch(/^APP_ENCRYPTION_KEY is one byte repeated \(all zero\)/);
  });

  it("refuses NAME and NAME_FILE together, and a file it cannot read", () => {
    const both = refusal({ ...production(), NEXTAUTH_SECRET_FILE: file(randomBytes(32).toString("base64url")) });
    expect(both).toEqual({
      variable: "NEXTAUTH_SECRET",
      message: "NEXTAUTH_SECRET and NEXTAUTH_SECRET_FILE are both set: set one of them.",
    });
    const missing = refusal({ ...production(), METRICS_TOKEN_FILE: path.join(dir, "absent") });
    expect(missing?.variable).toBe("METRICS_TOKEN_FILE");
    expect(missing?.message).toContain("ENOENT");
  });

  it("is written back into the environment at start-up, for the workers and the libraries", () => {
    const secret = randomBytes(32).toString("hex");
    const env = {
      ...production(),
      BANK_WEBHOOK_SECRET: undefined,
      BANK_WEBHOOK_SECRET_FILE: file(`${secret}\n`),
    };
    try {
      bootConfig(env);
      expect(env.BANK_WEBHOOK_SECRET).toBe(secret);
      expect(env.BANK_WEBHOOK_SECRET_FILE).toBeUndefined();
    } finally {
      forgetBootedConfig();
    }
  });
});

describe("every problem at once", () => {
  const problems = (source: Record<string, string | undefined>) => {
    try {
      parseConfig(source);
      return [];
    } catch (error) {
      if (!(error instanceof ConfigRefusal)) throw error;
      return error.problems.map((p) => p.variable);
    }
  };

  it("lists every setting production refuses, in one refusal, each named", () => {
    const env = {
      ...production(),
      NEXTAUTH_SECRET: undefined,
      APP_ENCRYPTION_KEY: undefined,
      PUBLIC_BASE_URL: undefined,
      BANK_WEBHOOK_SECRET: undefined,
      TRUSTED_PROXIES: "not-an-ip,10.0.0.0/99",
      APP_TIME_ZONE: "Mars/Olympus",
      LOG_LEVEL: "verbose",
    };
    expect(problems(env).sort()).toEqual(
      [
        "APP_ENCRYPTION_KEY",
        "APP_TIME_ZONE",
        "BANK_WEBHOOK_SECRET",
        "LOG_LEVEL",
        "NEXTAUTH_SECRET",
        "PUBLIC_BASE_URL",
        "TRUSTED_PROXIES",
      ].sort(),
    );
    try {
      parseConfig(env);
    } catch (error) {
      const message = (error as Error).message;
      expect(message.split("\n")[0]).toBe("The configuration has 7 problems:");
      expect(message).toContain(
        "TRUSTED_PROXIES must be IP addresses or CIDR ranges separated by commas; not one: not-an-ip, 10.0.0.0/99",
      );
      expect(message).toContain(
        'APP_TIME_ZONE must be an IANA time zone such as "Europe/Istanbul" (it is "Mars/Olympus")',
      );
      expect(message).toContain(
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (it is "verbose")',
      );
    }
  });

  it("refuses a zone the runtime does not know in any mode, and takes one it does", () => {
    expect(problems({ APP_TIME_ZONE: "Mars/Olympus" })).toEqual(["APP_TIME_ZONE"]);
    expect(problems({ APP_TIME_ZONE: "Europe/Istanbul" })).toEqual([]);
    expect(problems({ APP_TIME_ZONE: "UTC" })).toEqual([]);
  });

  it("refuses proxies that are not addresses or ranges in any mode", () => {
    expect(problems({ TRUSTED_PROXIES: "10.0.0.0/8, 2001:db8::/32,127.0.0.1" })).toEqual([]);
    expect(problems({ TRUSTED_PROXIES: "10.0.0.0/8,proxy.internal" })).toEqual(["TRUSTED_PROXIES"]);
  });

  it("gives the webhook secrets the console secret's strength check, and wants the console's origin on https", () => {
    expect(problems({ ...production(), ACQUIRER_WEBHOOK_SECRET: "x" })).toEqual(["ACQUIRER_WEBHOOK_SECRET"]);
    expect(problems({ ...production(), BANK_WEBHOOK_SECRET: "secret".repeat(8) })).toEqual(["BANK_WEBHOOK_SECRET"]);
    expect(problems({ ...production(), NEXTAUTH_URL: "http://console.example.com" })).toEqual(["NEXTAUTH_URL"]);
    expect(problems({ ...production(), NEXTAUTH_URL: "https://console.example.com" })).toEqual([]);
    // Outside production the same values pass: development derives or generates what it lacks.
    expect(problems({ ACQUIRER_WEBHOOK_SECRET: "x", NEXTAUTH_URL: "http://localhost:3000" })).toEqual([]);
  });
});

describe("switches production must not have on", () => {
  it("refuses the sandbox on a public origin; allows it on this machine's own origin (tests, a try)", () => {
    expect(refusal({ ...production(), SANDBOX_ENABLED: "true" })).toMatchObject({
      variable: "SANDBOX_ENABLED",
      message: expect.stringMatching(/book deposits and card payments nobody paid/),
    });
    expect(refusal({ ...production(), SANDBOX_ENABLED: "false" })).toBeNull();
    const local = { PUBLIC_BASE_URL: "http://127.0.0.1:3000", ALLOW_INSECURE_PUBLIC_BASE_URL: "1" };
    expect(refusal({ ...production(), ...local, SANDBOX_ENABLED: "true" })).toBeNull();
    expect(refusal({ SANDBOX_ENABLED: "true" })).toBeNull();
  });

  it("refuses admins without a second factor on a public origin; allows it on this machine's own origin", () => {
    expect(refusal({ ...production(), CONSOLE_ADMIN_SECOND_FACTOR: "offered" })).toMatchObject({
      variable: "CONSOLE_ADMIN_SECOND_FACTOR",
      message: expect.stringMatching(/a password alone must not move money/),
    });
    expect(refusal({ ...production(), CONSOLE_ADMIN_SECOND_FACTOR: "required" })).toBeNull();
    const local = { PUBLIC_BASE_URL: "http://127.0.0.1:3000", ALLOW_INSECURE_PUBLIC_BASE_URL: "1" };
    expect(refusal({ ...production(), ...local, CONSOLE_ADMIN_SECOND_FACTOR: "offered" })).toBeNull();
    expect(refusal({ CONSOLE_ADMIN_SECOND_FACTOR: "offered" })).toBeNull();
  });

  it("refuses PARTNER_PROTOCOL_V1_UNTIL past the announced end of version 1; an earlier end is fine", () => {
    expect(refusal({ ...production(), PARTNER_PROTOCOL_V1_UNTIL: "2028-01-01T00:00:00+03:00" })).toMatchObject({
      variable: "PARTNER_PROTOCOL_V1_UNTIL",
      message: expect.stringContaining("must not be later than 2027-06-01T00:00:00+03:00"),
    });
    expect(refusal({ ...production(), PARTNER_PROTOCOL_V1_UNTIL: "2027-06-01T00:00:00+03:00" })).toBeNull();
    expect(refusal({ ...production(), PARTNER_PROTOCOL_V1_UNTIL: "2026-12-31" })).toBeNull();
    expect(refusal({ PARTNER_PROTOCOL_V1_UNTIL: "2028-01-01" })).toBeNull();
  });
});

describe("the configuration read at start-up", () => {
  it("is the one every instance of this module answers with (Next bundles it into its chunks again)", async () => {
    const first = await import("./env");
    vi.resetModules();
    const second = await import("./env");
    expect(second).not.toBe(first);
    const env = { ...process.env, LOG_LEVEL: "warn" };
    const given = process.env.LOG_LEVEL;
    try {
      const booted = first.bootConfig(env);
      process.env.LOG_LEVEL = "debug";
      expect(second.config()).toBe(booted);
      expect(second.config().LOG_LEVEL).toBe("warn");
    } finally {
      first.forgetBootedConfig();
      process.env.LOG_LEVEL = "error";
    }
    expect(second.config().LOG_LEVEL).toBe("error");
    if (given === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = given;
  });
});
