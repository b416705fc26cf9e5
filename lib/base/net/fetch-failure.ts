/**
 * Why an outbound HTTP call got no answer, in words an operator can act on: the host it went to and the
 * cause (the name does not resolve, nothing listens, TLS failed, no answer in time, the connection was
 * cut). fetch() reports all of these as "fetch failed", with the cause one or two levels down.
 */
export type FetchFailureCause = "dns" | "refused" | "tls" | "timeout" | "reset" | "network";

export type FetchFailure = { cause: FetchFailureCause; host: string; code: string | null; text: string };

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$|HOSTNAME_MISMATCH$)/;

/** The error codes along the cause chain (an AggregateError's parts included), outermost first. */
function codesOf(error: unknown, seen = new Set<unknown>()): { codes: string[]; names: string[]; messages: string[] } {
  const codes: string[] = [];
  const names: string[] = [];
  const messages: string[] = [];
  for (let e: unknown = error; e && typeof e === "object" && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    const name = (e as { name?: unknown }).name;
    if (typeof name === "string") names.push(name);
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && message) messages.push(message);
    const parts = (e as { errors?: unknown }).errors;
    if (Array.isArray(parts))
      for (const part of parts) {
        const inner = codesOf(part, seen);
        codes.push(...inner.codes);
        names.push(...inner.names);
        messages.push(...inner.messages);
      }
  }
  return { codes, names, messages };
}

export function classifyFetchFailure(error: unknown): { cause: FetchFailureCause; code: string | null } {
  const { codes, names, messages } = codesOf(error);
  const find = (test: (code: string) => boolean) => codes.find(test) ?? null;
  if (names.includes("TimeoutError") || names.includes("AbortError")) return { cause: "timeout", code: null };
  let code = find((c) => c === "ENOTFOUND" || c === "EAI_AGAIN" || c === "EAI_NONAME" || c === "EAI_FAIL");
  if (code) return { cause: "dns", code };
  if ((code = find((c) => c === "ECONNREFUSED"))) return { cause: "refused", code };
  if ((code = find((c) => TLS_CODE.test(c)))) return { cause: "tls", code };
  if (
    (code = find(
      (c) =>
        c === "UND_ERR_CONNECT_TIMEOUT" ||
        c === "ETIMEDOUT" ||
        c === "UND_ERR_HEADERS_TIMEOUT" ||
        c === "UND_ERR_BODY_TIMEOUT",
    ))
  )
    return { cause: "timeout", code };
  if ((code = find((c) => c === "ECONNRESET" || c === "UND_ERR_SOCKET" || c === "EPIPE")))
    return { cause: "reset", code };
  // Nothing known: the innermost words (undici's "bad port" for a port browsers block, for instance).
  return { cause: "network", code: codes[0] ?? messages.at(-1) ?? null };
}

/** host:port of the URL, the port always written (443 or 80 when the URL leaves it out). */
export function hostOf(url: string | URL): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || (u.protocol === "https:" ? "443" : "80")}`;
  } catch {
    return String(url);
  }
}

const WORDS: Record<FetchFailureCause, (code: string | null, timeoutMs?: number) => string> = {
  dns: (code) => `the host name was not found (DNS ${code})`,
  refused: () => "the connection was refused (nothing listens on that port: ECONNREFUSED)",
  tls: (code) => `the TLS handshake failed (${code})`,
  timeout: (code, ms) => `no answer${ms ? ` within ${ms / 1000} s` : ""} (timeout${code ? `: ${code}` : ""})`,
  reset: (code) => `the connection was closed before an answer (${code})`,
  network: (code) => `network error${code ? ` (${code})` : ""}`,
};

/** `host:port: cause in words`, e.g. "pos.example.com:443: the connection was refused (…)". */
export function describeFetchFailure(error: unknown, url: string | URL, timeoutMs?: number): FetchFailure {
  const { cause, code } = classifyFetchFailure(error);
  const host = hostOf(url);
  return { cause, host, code, text: `${host}: ${WORDS[cause](code, timeoutMs)}` };
}

const CAUSE_OF_WORDS: [RegExp, FetchFailureCause][] = [
  [/^the host name was not found/, "dns"],
  [/^the connection was refused/, "refused"],
  [/^the TLS handshake failed/, "tls"],
  [/^no answer/, "timeout"],
  [/^the connection was closed before an answer/, "reset"],
  [/^network error/, "network"],
];

/**
 * The network failure a message written with describeFetchFailure's text names ("… could not be reached at
 * pos.example:443: the host name was not found (DNS ENOTFOUND)"), or null for any other message (a partner's
 * refusal): so a connection test's outcome can be said in the reader's language, the cause first.
 */
export function networkFailureIn(message: string): { cause: FetchFailureCause; host: string } | null {
  const m = / at ([^\s:]+:\d+): (.*)$/s.exec(message);
  if (!m) return null;
  const cause = CAUSE_OF_WORDS.find(([words]) => words.test(m[2]!))?.[1];
  return cause ? { cause, host: m[1]! } : null;
}
