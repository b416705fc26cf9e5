import { parseIni, pgbouncerIniForTest } from "./fleet-files";
import { launchPgBouncer, type PgBouncer } from "./pgbouncer";

/**
 * PgBouncer run from the operators' file (`ini`, deploy/pgbouncer/pgbouncer.ini's text) in front of `databaseUrl`:
 * its first [databases] alias and every pooling setting as shipped; PostgreSQL's address, the listen port and the
 * files are this machine's.
 */
export function launchShippedPgBouncer(ini: string, databaseUrl: string): Promise<PgBouncer> {
  const pool = new URL(databaseUrl);
  const alias = Object.keys(parseIni(ini).databases!)[0]!;
  const user = decodeURIComponent(pool.username);
  return launchPgBouncer(
    { user, password: decodeURIComponent(pool.password), database: alias },
    ({ port, dir, authFile }) =>
      pgbouncerIniForTest(ini, {
        postgres: { host: pool.hostname, port: Number(pool.port), dbname: pool.pathname.slice(1) },
        listenPort: port,
        authFile,
        socketDir: dir,
        statsUser: user,
      }),
  );
}
