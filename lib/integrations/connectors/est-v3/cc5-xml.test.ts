import { describe, expect, it } from "vitest";
import { buildCC5Request, parseCC5Response } from "./cc5-xml";

/** Reading the EST XML API's answers: what an XML reader must make of comments, CDATA and references. */
const answer = (inner: string) => `<?xml version="1.0" encoding="ISO-8859-9"?>\n<CC5Response>${inner}</CC5Response>`;

describe("parseCC5Response", () => {
  it("reads the fields and the Extra block of an answer", () => {
    expect(
      parseCC5Response(
        answer(
          "<OrderId>ORD-1</OrderId><Response>Approved</Response><ProcReturnCode>00</ProcReturnCode><Extra><NUMCODE>" +
            "00</NUMCODE><TRXDATE>20261124 14:05:09</TRXDATE></Extra>",
        ),
      ),
    ).toEqual({
      fields: { OrderId: "ORD-1", Response: "Approved", ProcReturnCode: "00" },
      extra: { NUMCODE: "00", TRXDATE: "20261124 14:05:09" },
    });
  });

  it("a comment changes nothing that is read, before or after the real element", () => {
    const declined = "<Response>Declined</Response><ProcReturnCode>05</ProcReturnCode>";
    for (const xml of [
      answer(`${declined}<!-- <Response>Approved</Response><ProcReturnCode>00</ProcReturnCode> -->`),
      answer(`<!-- <Response>Approved</Response> -->${declined}`),
    ]) {
      expect(parseCC5Response(xml)?.fields).toEqual({ Response: "Declined", ProcReturnCode: "05" });
    }
    expect(
      parseCC5Response(
        answer(
          "<Response>Approved</Response><!-- <Response>Declined</Response> --><Extra><!-- " +
            "<TRANS_STAT>V</TRANS_STAT> --><TRANS_STAT>A</TRANS_STAT></Extra>",
        ),
      ),
    ).toEqual({
      fields: { Response: "Approved" },
      extra: { TRANS_STAT: "A" },
    });
  });

  it("CDATA is text as written: never entity-decoded", () => {
    expect(
      parseCC5Response(
        answer("<ErrMsg><![CDATA[a &amp; b &lt;Response&gt;]]></ErrMsg><Response>x &amp; y &#252;</Response>"),
      )?.fields,
    ).toEqual({ ErrMsg: "a &amp; b &lt;Response&gt;", Response: "x & y ü" });
  });

  it("a reference to no character is an unreadable answer, never a RangeError", () => {
    expect(() => parseCC5Response(answer("<ErrMsg>bad &#99999999; ok</ErrMsg>"))).not.toThrow();
    expect(parseCC5Response(answer("<ErrMsg>bad &#99999999; ok</ErrMsg>"))).toBeNull();
    expect(parseCC5Response(answer("<ErrMsg>&#x110000;</ErrMsg>"))).toBeNull();
    expect(parseCC5Response(answer("<ErrMsg>&undeclared;</ErrMsg>"))).toBeNull();
  });

  it("a DOCTYPE, a repeated element or an element holding elements is refused", () => {
    expect(
      parseCC5Response(
        `<?xml version="1.0"?><!DOCTYPE CC5Response [<!ENTITY ok ` +
          `"Approved">]><CC5Response><Response>&ok;</Response></CC5Response>`,
      ),
    ).toBeNull();
    expect(parseCC5Response(answer("<Response>Declined</Response><Response>Approved</Response>"))).toBeNull();
    expect(parseCC5Response(answer("<Response><b>Approved</b></Response>"))).toBeNull();
  });

  it("anything but a CC5Response is no answer", () => {
    for (const body of [
      "<html><body>Service Unavailable</body></html>",
      "",
      "not xml at all",
      "<CC5Response><Response>Approved</CC5Response>",
    ])
      expect(parseCC5Response(body)).toBeNull();
  });

  it("a request escapes every value", () => {
    expect(buildCC5Request({ Name: "a<b>&'\"", Extra: { ORDERSTATUS: "QUERY" } })).toBe(
      `<?xml version="1.0" ` +
        `encoding="UTF-8"?><CC5Request><Name>a&lt;b&gt;&amp;&apos;&quot;</Name><Extra><ORDERSTATUS>QUERY</ORDERSTAT` +
        `US></Extra></CC5Request>`,
    );
  });
});
