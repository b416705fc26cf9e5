import { CONSOLE_LANG_COOKIE, consoleReturnPath } from "@/lib/edge/i18n/console/lang";
import { isLang } from "@/lib/edge/i18n/lang";

const ONE_YEAR = 365 * 24 * 3600;

/**
 * The switcher's plain form post: remember the language and go back to the page it came from. A full page
 * load follows (303), so <html lang> and every server-rendered string change together, with or without JS.
 * A forged cross-site post could only switch someone's console language, so no CSRF token is asked for.
 */
export async function POST(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const lang = form?.get("lang");
  const response = new Response(null, {
    status: 303,
    headers: { location: consoleReturnPath(form?.get("back")), "cache-control": "no-store" },
  });
  if (isLang(lang)) {
    response.headers.append(
      "set-cookie",
      `${CONSOLE_LANG_COOKIE}=${lang}; Path=/console; Max-Age=${ONE_YEAR}; SameSite=Lax; HttpOnly`,
    );
  }
  return response;
}
