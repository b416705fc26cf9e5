/**
 * Set to true by scripts/bundle-server.mjs in dist/server.js, dist/admin.js and dist/migrate.js: the entry
 * points a fleet runs (the image, bare metal). Undefined in a checkout's TypeScript and in Next's bundles.
 */
declare const __BUILT_ENTRY_POINT__: boolean | undefined;

export type RunMode = "production" | "development";

type Source = Record<string, string | undefined>;

/** Whether a validated configuration is production's: what isProduction() and the refusals read. */
export function isProductionMode(env: { NODE_ENV?: string; APP_ENV?: string }): boolean {
  return env.NODE_ENV === "production" && env.APP_ENV !== "development";
}

export function isBuiltEntryPoint(): boolean {
  return typeof __BUILT_ENTRY_POINT__ !== "undefined" && __BUILT_ENTRY_POINT__;
}

/**
 * The mode of an entry point (the server, the admin CLI, the migration job; the jobs run in the server),
 * decided the same way by each before anything reads a setting:
 * - APP_ENV=development says development (the server warns loudly unless it is `npm run dev`), APP_ENV=production
 *   says production;
 * - otherwise it is production wherever the database is not the embedded development one: DATABASE_URL set, a
 *   built entry point (dist/*.js, which never starts the embedded database), or NODE_ENV=production already;
 * - otherwise development: a checkout on its embedded database (`npm run dev`, `npm run admin`, `npm run
 *   db:migrate` without DATABASE_URL).
 * An operator's CLI run with the production env file but without NODE_ENV is therefore production: it seals
 * nothing with a generated development key, refuses plain-http callback URLs and has no sandbox.
 */
export function decideRunMode(source: Source = process.env, built = isBuiltEntryPoint()): RunMode {
  if (source.APP_ENV === "development") return "development";
  if (source.APP_ENV === "production" || source.NODE_ENV === "production") return "production";
  const databaseUrl = source.DATABASE_URL || source.DATABASE_URL_FILE;
  return databaseUrl || built ? "production" : "development";
}

/**
 * Decides the mode and says it to everything that reads it later, the processes this one starts included (the
 * cluster's workers, which inherit the environment and then know a DATABASE_URL: the primary's embedded database):
 * production sets NODE_ENV=production (which isProduction(), the configuration's refusals, Next and React read),
 * development sets APP_ENV=development where it is unset.
 */
export function enterRunMode(source: Source = process.env, built = isBuiltEntryPoint()): RunMode {
  const mode = decideRunMode(source, built);
  if (mode === "production") source.NODE_ENV = "production";
  else source.APP_ENV ||= "development";
  return mode;
}
