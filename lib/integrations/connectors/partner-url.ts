import { z } from "zod";
import { isProduction } from "@/lib/base/config/dev-secrets";
import { isLoopbackHost } from "@/lib/base/ip/ip-list";
import { HTTPS_IN_PRODUCTION } from "@/lib/base/messages/english-errors";
import { refusal } from "@/lib/base/messages/errors";

/**
 * Whether a partner's address may carry money messages here: https, or plain http to this machine (a simulator in
 * tests, a local try) or outside production. Over plain http anyone on the path reads the credentials and answers
 * in the partner's name.
 */
export function partnerUrlAllowed(url: string): boolean {
  const parsed = URL.parse(url);
  // Not a URL at all: the URL check says so, once.
  if (!parsed) return true;
  return parsed.protocol === "https:" || !isProduction() || isLoopbackHost(parsed.hostname);
}

/** The refusal of a plain http partner address in production, keyed so the console words it in its language. */
export const PARTNER_URL_HTTPS = {
  message: HTTPS_IN_PRODUCTION,
  params: { refusal: refusal("httpsInProduction", { field: "" }) },
};

/** A partner's http(s) address: https in production (partnerUrlAllowed). */
export const partnerUrl = () => z.url({ protocol: /^https?$/ }).refine(partnerUrlAllowed, PARTNER_URL_HTTPS);
