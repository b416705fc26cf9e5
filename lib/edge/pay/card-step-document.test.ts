import { describe, expect, it } from "vitest";
import { cardStepDocument } from "./card-step-document";

describe("the card checkout step page", () => {
  it(
    "a form post: the acquirer's signed fields, escaped, submitted by itself, a visible button without scripts, " +
      "posting only to the acquirer",
    async () => {
      const res = cardStepDocument(
        { kind: "form_post", url: "https://bank.example/fim/est3Dgate", fields: { oid: "ORD-1", hash: 'a"b<c>' } },
        "tr",
      );
      const html = await res.text();
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(html).toContain('<form id="step" method="post" action="https://bank.example/fim/est3Dgate">');
      expect(html).toContain('<input type="hidden" name="hash" value="a&#34;b&#60;c&#62;">');
      expect(html).toContain('<button type="submit">Bankanın güvenli sayfasına devam et</button>');
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).toContain("form-action https://bank.example");
      const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]!;
      expect(html).toContain(`<script nonce="${nonce}">document.getElementById("step").submit();</script>`);
      expect(csp).toContain("frame-ancestors 'none'");
    },
  );

  it(
    "a frame shows only the acquirer's origin; the acquirer's markup runs in a sandboxed frame of " + "its own",
    async () => {
      const framed = cardStepDocument({ kind: "iframe", url: "https://pay.example/checkout/1" }, "en");
      expect(framed.headers.get("content-security-policy")).toContain("frame-src https://pay.example");
      expect(await framed.text()).toContain('src="https://pay.example/checkout/1"');
      const markup = cardStepDocument(
        { kind: "html", html: '<script src="https://static.example/form.js"></script>' },
        "en",
      );
      const html = await markup.text();
      expect(html).toContain('sandbox="allow-scripts allow-forms allow-popups allow-top-navigation"');
      expect(html).toContain('srcdoc="&#60;script src=&#34;https://static.example/form.js&#34;&#62;&#60;/script&#62;"');
    },
  );

  it(
    "under a frame: a link back to our page and a script that follows the payment there, fetching only our " + "origin",
    async () => {
      const res = cardStepDocument(
        { kind: "iframe", url: "https://www.paytr.com/odeme/guvenli/abc123" },
        "tr",
        "tok_abcdefghijklmnop",
      );
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).toContain("frame-src https://www.paytr.com;");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toMatch(/frame-src[^;]*'self'/);
      const html = await res.text();
      expect(html).toContain('<a id="back" href="/pay/tok_abcdefghijklmnop?lang=tr">Ödeme sayfasına dön</a>');
      const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]!;
      expect(html).toContain(`<script nonce="${nonce}">(function(){var u="/api/pay/tok_abcdefghijklmnop"`);
      // Without the payment's token (no page to go back to) the frame is shown alone.
      expect(await cardStepDocument({ kind: "iframe", url: "https://pay.example/x" }, "en").text()).not.toContain(
        "<script",
      );
    },
  );
});
