import { readFileSync } from "node:fs";
import path from "node:path";
import { httpRequest } from "./http";

/** One server action of the production build, as its server-reference manifest lists it. */
export type BuiltAction = { id: string; file: string; name: string; page: string };

type ManifestEntry = { workers: Record<string, unknown>; filename?: string; exportedName?: string };

/** A page path that serves the action: the worker's route with groups dropped and dynamic segments filled. */
function pageOf(worker: string): string {
  const route = worker
    .replace(/^app/, "")
    .replace(/\/page$/, "")
    .split("/")
    .filter((segment) => !/^\(.*\)$/.test(segment))
    .map((segment) => (/^\[.*\]$/.test(segment) ? "1" : segment))
    .join("/");
  return route || "/";
}

/** Every server action the build registered (.next/server/server-reference-manifest.json), with its module and export name. */
export function builtServerActions(dir = process.cwd()): BuiltAction[] {
  const manifest = JSON.parse(
    readFileSync(path.join(dir, ".next", "server", "server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, ManifestEntry> };
  return Object.entries(manifest.node).map(([id, entry]) => {
    const workers = Object.keys(entry.workers).filter((w) => w.endsWith("/page"));
    if (!entry.filename || !entry.exportedName || !workers.length)
      throw new Error(`server action ${id} has no module, name or page in the manifest: ${JSON.stringify(entry)}`);
    return { id, file: entry.filename.replace(/^\.\//, ""), name: entry.exportedName, page: pageOf(workers[0]!) };
  });
}

/**
 * Posts a server action as React's client does for `useActionState` (state, form): the Next-Action header,
 * the arguments as a multipart reply (root "0" naming the form, the form's fields under "_1_"). With
 * `localAddress` the request leaves from that loopback address (127.0.0.x), the client IP the server sees.
 */
export async function postServerAction(
  baseUrl: string,
  action: BuiltAction,
  fields: Record<string, string>,
  cookie?: string,
  localAddress?: string,
  options: { timeoutMs?: number } = {},
): Promise<{ status: number; text: string }> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(`_1_${name}`, value);
  body.append("0", JSON.stringify([{}, "$K1"]));
  const headers = {
    "next-action": action.id,
    accept: "text/x-component",
    origin: baseUrl,
    ...(cookie ? { cookie } : {}),
  };
  if (localAddress) {
    // The same multipart bytes fetch would send, over a socket bound to the given address.
    const encoded = new Request(baseUrl, { method: "POST", body });
    const res = await httpRequest({
      url: `${baseUrl}${action.page}`,
      headers: { ...headers, "content-type": encoded.headers.get("content-type")! },
      body: await encoded.text(),
      localAddress,
      checkResponse: false,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
    return { status: res.status, text: res.text };
  }
  const res = await fetch(`${baseUrl}${action.page}`, {
    method: "POST",
    headers,
    body,
    redirect: "manual",
    ...(options.timeoutMs ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
  });
  return { status: res.status, text: await res.text() };
}
