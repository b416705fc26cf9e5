/**
 * The site's return URL with what became of the payment, as query parameters the site can read
 * (docs/integration.md): `status` (the API's status value: completed, canceled, expired, success, failed,
 * cancelled, ...) and `tracking_code`. Parameters of the same names already in the URL are replaced; its
 * own others stay. A site must confirm the outcome by the callback or the status endpoint: anyone can type
 * this address.
 */
export function returnUrlWith(url: string, outcome: { status: string; trackingCode: string }): string {
  const target = new URL(url);
  target.searchParams.set("status", outcome.status);
  target.searchParams.set("tracking_code", outcome.trackingCode);
  return target.toString();
}

/** The origin of a stored address, or null when it is not an http(s) URL (what a CSP source list may name). */
export function originOf(url: string | null | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : null;
}
