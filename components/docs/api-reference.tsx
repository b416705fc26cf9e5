"use client";

import { useEffect, useRef, useState } from "react";
import "swagger-ui-dist/swagger-ui.css";

type SwaggerUi = (options: Record<string, unknown>) => unknown;
type Keys = { apiKey: string; secretKey: string };
type SwaggerRequest = { headers: Record<string, string> };
type Parameter = { name: string; in: string; required?: boolean; description?: string };
type OpenApi = { servers?: { url: string }[]; paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

/** Headers the page computes itself while trying calls; the others (X-Key, X-Credential-Key) are typed in. */
const SIGNED = new Set(["x-api-key", "x-timestamp", "x-hash"]);

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** X-Api-Key, X-Timestamp and X-Hash = H(api_key + secret_key + [X-Key | X-Credential-Key] + timestamp). */
async function sign(request: SwaggerRequest, keys: Keys): Promise<SwaggerRequest> {
  const header = (name: string) => Object.entries(request.headers).find(([k]) => k.toLowerCase() === name)?.[1] ?? "";
  const timestamp = String(Math.floor(Date.now() / 1000));
  const middle = header("x-key") || header("x-credential-key");
  request.headers["X-Api-Key"] = keys.apiKey;
  request.headers["X-Timestamp"] = timestamp;
  request.headers["X-Hash"] = await sha256Hex(`${keys.apiKey}${keys.secretKey}${middle}${timestamp}`);
  return request;
}

/** The document for trying calls here: this server, and the signing headers left to the page (not required). */
function forTrying(doc: OpenApi): OpenApi {
  for (const operations of Object.values(doc.paths)) {
    for (const operation of Object.values(operations)) {
      for (const p of operation.parameters ?? []) {
        if (p.in !== "header" || !SIGNED.has(p.name.toLowerCase())) continue;
        p.required = false;
        p.description = `${p.description ?? ""} Leave empty here: this page adds it when you execute a call.`;
      }
    }
  }
  return { ...doc, servers: [{ url: window.location.origin }] };
}

/**
 * Swagger UI from the npm bundle (no CDN), reading our OpenAPI document. Where the sandbox runs, calls can
 * be tried against this server: the page signs each one in the browser with the keys typed below, which stay
 * in this tab's memory only (never stored, never sent). In production "Try it out" stays off.
 */
export function ApiReference({ url, tryItOut, sdkHref }: { url: string; tryItOut: boolean; sdkHref: string }) {
  const container = useRef<HTMLDivElement>(null);
  const keys = useRef<Keys>({ apiKey: "", secretKey: "" });
  const [failed, setFailed] = useState(false);
  const canSign = typeof window === "undefined" || Boolean(window.crypto?.subtle);

  useEffect(() => {
    let cancelled = false;
    Promise.all([
      import("swagger-ui-dist/swagger-ui-es-bundle.js"),
      tryItOut ? fetch(url).then((r) => r.json() as Promise<OpenApi>) : null,
    ])
      .then(([module, doc]: [{ default: SwaggerUi }, OpenApi | null]) => {
        if (cancelled || !container.current) return;
        module.default({
          domNode: container.current,
          ...(doc ? { spec: forTrying(doc) } : { url }),
          deepLinking: true,
          docExpansion: "list",
          defaultModelsExpandDepth: 0,
          supportedSubmitMethods: doc ? ["get", "post"] : [],
          requestInterceptor: (request: SwaggerRequest) => (doc ? sign(request, keys.current) : request),
          validatorUrl: null,
          displayOperationId: true,
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [url, tryItOut]);

  if (failed) {
    return (
      <p role="alert" className="p-6 text-red-700">
        The reference viewer could not load. The document itself is at <a href={url}>{url}</a>.
      </p>
    );
  }
  return (
    <>
      <section
        aria-labelledby="try-calls"
        className="mx-2 mb-4 flex flex-col gap-3 rounded-lg bg-slate-50 p-4 text-sm ring-1 ring-slate-200"
      >
        <h2 id="try-calls" className="text-base font-semibold">
          {tryItOut ? "Try calls against this sandbox" : "SDK"}
        </h2>
        <p>
          <a href={sdkHref} download className="font-medium text-brand-700 underline">
            Download the TypeScript SDK (payment-sdk.ts)
          </a>
          : one file that signs every request and verifies callbacks; Node 18 or later, no dependencies.
        </p>
        {tryItOut && (
          <>
            <p>
              Enter the API key and secret key of a sandbox provider or dealer, open an operation and press &ldquo;Try
              it out&rdquo;: this page adds X-Api-Key, X-Timestamp and X-Hash to each call. The keys stay in this
              tab&rsquo;s memory only. Calls come from your browser, so its address must be on the account&rsquo;s IP
              whitelist.
            </p>
            {!canSign && <p role="alert">Signing needs a secure page (https or localhost).</p>}
            <div className="flex flex-wrap gap-3">
              <label className="flex flex-col gap-1 font-medium">
                API key
                <input
                  className="w-72 max-w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs"
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(e) => (keys.current.apiKey = e.target.value.trim())}
                />
              </label>
              <label className="flex flex-col gap-1 font-medium">
                Secret key
                <input
                  type="password"
                  className="w-72 max-w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs"
                  autoComplete="off"
                  onChange={(e) => (keys.current.secretKey = e.target.value.trim())}
                />
              </label>
            </div>
          </>
        )}
      </section>
      <div ref={container} data-testid="api-reference" className="min-h-[60vh]" />
    </>
  );
}
