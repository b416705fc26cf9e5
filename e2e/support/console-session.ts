import { randomCodeGroup } from "@/lib/base/crypto/random";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { httpRequest, type HttpResult } from "./http";

export type ConsoleSession = {
  email: string;
  id: number;
  cookie: string;
  get: (path: string, headers?: Record<string, string>) => Promise<HttpResult>;
};

const PASSWORD = "a-strong-integration-password";

function cookiesOf(result: HttpResult): string[] {
  const raw = result.headers["set-cookie"];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).map((c) => c.split(";")[0]!);
}

/**
 * next-auth's real credentials flow (CSRF token, then the callback) for an existing console user, with the
 * second factor's code when the account has one: the session cookie. From `localAddress`, so sign-ins do not
 * use up 127.0.0.1's per-IP sign-in allowance that the browser suite relies on.
 */
export async function signInToConsole(
  baseUrl: string,
  email: string,
  password: string,
  options: { code?: string; localAddress?: string } = {},
): Promise<string> {
  const localAddress = options.localAddress ?? "127.0.0.7";
  const csrf = await httpRequest({ url: `${baseUrl}/api/auth/csrf`, method: "GET", localAddress });
  const jar = cookiesOf(csrf);
  const body = new URLSearchParams({
    csrfToken: String(csrf.json.csrfToken),
    email,
    password,
    json: "true",
    ...(options.code ? { code: options.code } : {}),
  }).toString();
  const signIn = await httpRequest({
    url: `${baseUrl}/api/auth/callback/credentials`,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body,
    localAddress,
  });
  const session = cookiesOf(signIn).find((c) => c.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`console sign-in failed for ${email}: ${signIn.status} ${signIn.text.slice(0, 200)}`);
  return session;
}

/** A new console user of `role`, signed in (see signInToConsole), whose `get` sends the session cookie. */
export async function consoleSession(
  baseUrl: string,
  role: "admin" | "dealer" | "provider",
  scope: { dealerId?: number; providerId?: number } = {},
  localAddress = "127.0.0.7",
): Promise<ConsoleSession> {
  const email = `${role}-${randomCodeGroup(6).toLowerCase()}@integration.test`;
  const user = await createConsoleUser({ email, password: PASSWORD, role, ...scope }, { label: "test" });
  const session = await signInToConsole(baseUrl, email, PASSWORD, { localAddress });
  return {
    email,
    id: user.id,
    cookie: session,
    // Extra headers (Accept-Language, a console_lang cookie) ride along with the session cookie.
    get: (path, headers = {}) =>
      httpRequest({
        url: `${baseUrl}${path}`,
        method: "GET",
        headers: { ...headers, cookie: [session, headers.cookie].filter(Boolean).join("; ") },
      }),
  };
}

/** The visible text of a page: tags, scripts and inlined styles dropped, React's text separators and the common entities undone. */
export function pageText(html: string): string {
  return (
    html
      .replace(/<!-- -->/g, "")
      // A line-break opportunity inside a word (an email's <wbr>) is not a space.
      .replace(/<wbr\s*\/?>/g, "")
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<style[\s\S]*?<\/style>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
  );
}

/** The transaction ids a list page links to, in page order. */
export function linkedTransactionIds(html: string): number[] {
  return [...html.matchAll(/href="\/console\/transactions\/(\d+)"/g)].map((m) => Number(m[1]));
}

/** A CSV body (RFC 4180, after the BOM) parsed into its header and records. */
export function csvRecords(text: string, separator: "," | ";" = ","): { header: string[]; rows: string[][] } {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  const endCell = () => {
    record.push(cell);
    cell = "";
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted && c === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === separator) {
      endCell();
    } else if (!quoted && c === "\r" && body[i + 1] === "\n") {
      endCell();
      records.push(record);
      record = [];
      i++;
    } else {
      cell += c;
    }
  }
  if (cell || record.length) records.push([...record, cell]);
  return { header: records[0] ?? [], rows: records.slice(1) };
}
