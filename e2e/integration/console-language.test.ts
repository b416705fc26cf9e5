import { describe, expect, inject, it } from "vitest";
import { consoleSession, pageText } from "../support/console-session";
import { httpRequest } from "../support/http";

const baseUrl = inject("baseUrl");
const get = (path: string, headers: Record<string, string> = {}) =>
  httpRequest({ url: `${baseUrl}${path}`, method: "GET", headers });
const htmlLang = (html: string) => /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
const TR = "tr-TR,tr;q=0.9";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
/** The <title> inside <head>: where a screen reader and the tab read it as soon as the answer arrives. */
const headTitle = (html: string) => /<head>[\s\S]*?<title>([^<]*)<\/title>[\s\S]*?<\/head>/.exec(html)?.[1];

describe("console language", () => {
  it("follows Accept-Language without a cookie, the cookie when there is one, and is English by default", async () => {
    const turkish = await get("/console/login", { "accept-language": TR });
    expect(htmlLang(turkish.text)).toBe("tr");
    expect(pageText(turkish.text)).toContain("Konsol girişi");

    const chosen = await get("/console/login", { "accept-language": TR, cookie: "console_lang=en" });
    expect(htmlLang(chosen.text)).toBe("en");
    expect(pageText(chosen.text)).toContain("Console sign in");

    const others: Record<string, string>[] = [
      {},
      { "accept-language": "en-US,en;q=0.9" },
      { "accept-language": "de-DE" },
    ];
    for (const headers of others) {
      const english = await get("/console/login", headers);
      expect(htmlLang(english.text)).toBe("en");
      expect(pageText(english.text)).toContain("Console sign in");
    }
  });

  it("puts a page's title in its language into the head of the first answer for an ordinary browser, not streamed later", async () => {
    const turkish = await get("/console/login", { "accept-language": TR, "user-agent": CHROME });
    expect(headTitle(turkish.text)).toMatch(/^Giriş yap · /);
    const english = await get("/console/login", { "user-agent": CHROME });
    expect(headTitle(english.text)).toMatch(/^Sign in · /);
  });

  it("leaves every other page English, whatever the cookie or a hand-made header says", async () => {
    const docs = await get("/docs", { "accept-language": TR, cookie: "console_lang=tr", "x-console-lang": "tr" });
    expect(docs.status).toBe(200);
    expect(htmlLang(docs.text)).toBe("en");
  });

  it("remembers a choice for a year on /console and returns to the page it was made on", async () => {
    const post = (body: string) =>
      httpRequest({
        url: `${baseUrl}/console/language`,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
    const switched = await post("lang=tr&back=%2Fconsole%2Ftransactions%3Fq%3Dabc%26page%3D2");
    expect(switched.status).toBe(303);
    expect(switched.headers.location).toBe("/console/transactions?q=abc&page=2");
    expect(String(switched.headers["set-cookie"])).toMatch(
      /^console_lang=tr; Path=\/console; Max-Age=31536000; SameSite=Lax; HttpOnly/,
    );

    for (const back of [
      "%2F%2Fevil.example",
      "https%3A%2F%2Fevil.example%2Fconsole",
      "%2Fconsole%2F..%2Fapi%2Fhealth",
      "%2Fdocs",
    ]) {
      expect((await post(`lang=en&back=${back}`)).headers.location).toBe("/console");
    }
    const unknown = await post("lang=de&back=%2Fconsole");
    expect(unknown.status).toBe(303);
    expect(unknown.headers["set-cookie"]).toBeUndefined();
  });

  it("renders signed-in pages, their filter problems and times in Turkish, and in English without a choice", async () => {
    const admin = await consoleSession(baseUrl, "admin");
    const path = `/console/transactions?minAmount=abc&q=no-such-${Date.now()}`;

    const turkish = await admin.get(path, { cookie: "console_lang=tr" });
    expect(htmlLang(turkish.text)).toBe("tr");
    const text = pageText(turkish.text);
    for (const expected of [
      "İşlemler",
      "Takip kodu",
      "Tutar",
      "Durum",
      'En düşük tutar "abc" anlaşılamadı, bu yüzden uygulanmadı.',
      "Bu filtrelere uyan işlem yok.",
      "CSV dışa aktar",
    ]) {
      expect(text).toContain(expected);
    }

    const overview = pageText((await admin.get("/console", { "accept-language": TR })).text);
    expect(overview).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2} \([^)]+\) itibarıyla/);

    const english = pageText((await admin.get(path)).text);
    expect(english).toContain('Min amount "abc" is not understood, so it is not applied.');
    expect(pageText((await admin.get("/console")).text)).toMatch(/As of \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(/);
  });
});
