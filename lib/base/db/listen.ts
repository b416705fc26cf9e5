import pg from "pg";
import { applicationName } from "./connection-settings";

export type Listener = { stop: () => Promise<void> };

const RECONNECT_MS = 5_000;

/**
 * LISTENs on one PostgreSQL channel over a connection of its own and calls `onNotify` for each
 * notification. A lost connection (the database restarted) is opened again after a pause; notifications
 * sent meanwhile are lost, which is why whoever listens also polls. `url` must reach PostgreSQL itself
 * (DIRECT_DATABASE_URL): a transaction-mode pooler would run the LISTEN on a server session it then hands to
 * other clients, and the notifications would never come back here.
 */
export function listen(
  url: string,
  channel: string,
  onNotify: () => void,
  onError: (error: unknown) => void = () => {},
): Listener {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, application_name: applicationName() });
    const again = (error: unknown) => {
      if (client !== next) return;
      client = undefined;
      void next.end().catch(() => {});
      if (stopped) return;
      onError(error);
      retry = setTimeout(() => void connect(), RECONNECT_MS);
      retry.unref();
    };
    client = next;
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on("error", again);
    next.on("end", () => again(new Error("the LISTEN connection ended")));
    try {
      await next.connect();
      // The channel is a fixed identifier of ours, quoted: never caller input.
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      again(error);
    }
  };
  void connect();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
