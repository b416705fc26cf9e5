import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQueryable,
  type SqlResultSet,
} from "@prisma/driver-adapter-utils";
import pg from "pg";
import { applicationName, pooledConnections } from "./connection-settings";
import { parseIntoClientConfig } from "pg-connection-string";
import type { SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";
import { config } from "@/lib/base/config/env";

export type { SchemaEngine };

type Glue = typeof import("@prisma/schema-engine-wasm/schema_engine_bg") & {
  __wbg_set_wasm: (exports: WebAssembly.Exports) => void;
};

const panic = {
  message: "",
  set_message(message: string) {
    panic.message = message;
  },
};
let loaded: Promise<Glue> | undefined;

/** The glue module caches views of the WASM memory, so the module is instantiated once per process. */
async function loadGlue(): Promise<Glue> {
  const require = createRequire(import.meta.url);
  const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const glue = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as Glue;
  // The glue reports Rust panics through this global; keeping the message lets errors say what broke.
  (globalThis as { PRISMA_WASM_PANIC_REGISTRY?: typeof panic }).PRISMA_WASM_PANIC_REGISTRY = panic;
  const bytes = await readFile(path.join(path.dirname(gluePath), "schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, {
    "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
  });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue;
}

async function runAdminStatement(url: string, sql: string): Promise<void> {
  const client = new pg.Client(parseIntoClientConfig(url));
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
const CHAR_MARK = "\u0000pg-char";
const CHARACTER_COLUMN = ColumnTypeEnum.Character;

/**
 * The schema describer reads catalog columns of PostgreSQL's one-byte "char" type and expects them typed as
 * Character, but adapter-pg 7.10 has no mapping for that type and refuses the result. The client reports
 * such columns as text with a marked name; markCharColumns restores the name and types them as Character.
 */
function reportCharAsText(result: pg.QueryResult | undefined): void {
  for (const field of result?.fields ?? []) {
    if (field.dataTypeID !== PG_CHAR_OID) continue;
    field.dataTypeID = PG_TEXT_OID;
    field.name += CHAR_MARK;
  }
}

class CatalogFriendlyClient extends pg.Client {
  // @ts-expect-error pg's overloads cannot be restated; every call shape is passed through unchanged.
  override query(...args: unknown[]) {
    const last = args.at(-1);
    if (typeof last === "function") {
      // pg.Pool calls clients in callback style.
      args[args.length - 1] = (error: Error | null, result: pg.QueryResult) => {
        reportCharAsText(result);
        (last as (e: Error | null, r: pg.QueryResult) => void)(error, result);
      };
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) return result.then((res: pg.QueryResult) => (reportCharAsText(res), res));
    return result;
  }
}

function markCharColumns(result: SqlResultSet): SqlResultSet {
  result.columnNames.forEach((name, i) => {
    if (!name.endsWith(CHAR_MARK)) return;
    result.columnNames[i] = name.slice(0, -CHAR_MARK.length);
    result.columnTypes[i] = CHARACTER_COLUMN;
  });
  return result;
}

function withCharColumns<T extends SqlQueryable>(queryable: T): T {
  const queryRaw = queryable.queryRaw.bind(queryable);
  queryable.queryRaw = async (query) => markCharColumns(await queryRaw(query));
  return queryable;
}

type PgInternals = { client: { query: (sql: string) => Promise<unknown> }; onError: (error: unknown) => never };

/**
 * adapter-pg runs a migration script by splitting it on ";", which breaks function bodies ($$ ... $$);
 * PostgreSQL's simple query protocol takes the whole script at once (as one implicit transaction), as the
 * native engine does.
 */
function withWholeScripts(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const pgAdapter = adapter as unknown as PgInternals;
  adapter.executeScript = async (script: string) => {
    try {
      await pgAdapter.client.query(script);
    } catch (error) {
      pgAdapter.onError(error);
    }
  };
  return adapter;
}

function withCharColumnsAdapter(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolation) => withCharColumns(await startTransaction(isolation));
  return withWholeScripts(withCharColumns(adapter));
}

/**
 * adapter-pg's own shadow database drops the database before closing its pool (so the drop fails) and
 * lets a connection string override the shadow's name; this one closes first and drops with FORCE.
 */
function migrationAwareFactory(url: string): SqlMigrationAwareDriverAdapterFactory {
  // Within the process's budget beside the migrations' lock connection (connection-settings.ts).
  const config = {
    ...parseIntoClientConfig(url),
    max: pooledConnections(),
    application_name: applicationName(),
    Client: CatalogFriendlyClient,
  } as unknown as pg.PoolConfig;
  const main = new PrismaPg(config);
  const connectToShadowDb = async () => {
    const name = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
    await runAdminStatement(url, `CREATE DATABASE "${name}"`);
    const adapter = withCharColumnsAdapter(
      await new PrismaPg({ ...config, connectionString: undefined, database: name }).connect(),
    );
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await runAdminStatement(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    };
    return adapter;
  };
  return {
    provider: main.provider,
    adapterName: main.adapterName,
    connect: async () => withCharColumnsAdapter(await main.connect()),
    connectToShadowDb,
  };
}

/**
 * Prisma's schema engine compiled to WebAssembly, driven through the pg driver adapter. The native engine
 * cannot be downloaded here; the WASM one produces and applies the same prisma/migrations folders.
 */
export async function openSchemaEngine(
  url: string,
  datamodel: { path: string; content: string },
): Promise<SchemaEngine> {
  const glue = await (loaded ??= loadGlue());
  const adapter = bindMigrationAwareSqlAdapterFactory(migrationAwareFactory(url));
  const log = (message: string) => {
    if (config().SCHEMA_ENGINE_DEBUG) console.error(message);
  };
  return glue.SchemaEngine.new({ datamodels: [[datamodel.path, datamodel.content]] }, log, adapter);
}
