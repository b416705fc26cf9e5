import { describe, expect, it } from "vitest";
import type { PaymentOutcome } from "./ports";
import { declineOfReturn, judgeApproval, MD_NO_AUTHENTICATION } from "./three-d-secure";

const approved = { status: "approved" as const, amount: "10.00", partnerReference: "REF1", authCode: "A1" };

describe("the 3-D Secure banks' verdict on a signed return", () => {
  it.each([
    // [mdStatus, dealer accepts half 3-D, outcome]
    ["1", false, { ...approved, threeDSecure: "full" }],
    ["2", true, { ...approved, threeDSecure: "half" }],
    [
      "3",
      false,
      {
        status: "declined",
        error: expect.objectContaining({ code: "HALF_3D" }) as unknown,
        partnerReference: "REF1",
        chargedAnyway: true,
        threeDSecure: "half",
      },
    ],
    [
      "0",
      true,
      {
        status: "declined",
        error: expect.objectContaining({ code: "MD0" }) as unknown,
        partnerReference: "REF1",
        chargedAnyway: true,
      },
    ],
    [
      "",
      true,
      {
        status: "declined",
        error: expect.objectContaining({ code: "MD?" }) as unknown,
        partnerReference: "REF1",
        chargedAnyway: true,
      },
    ],
  ] as const)("an approval under mdStatus %j (half accepted: %s)", (mdStatus, acceptHalf3D, outcome) => {
    expect(judgeApproval(approved, mdStatus, acceptHalf3D)).toEqual(outcome);
  });

  it("an approval whose answer says no level is judged as unsigned: credited only where half 3-D is accepted", () => {
    expect(judgeApproval(approved, undefined, true)).toEqual(approved);
    expect(judgeApproval(approved, undefined, false)).toMatchObject({
      status: "declined",
      error: { code: "3D_UNVERIFIED" },
      chargedAnyway: true,
      charged: { amount: "10.00" },
    });
  });

  it("no approval: no verdict waits, no authentication fails in its words, a passed check fails in the bank's", () => {
    const refusal = () => ({ code: "51", message: "Insufficient funds" });
    const decline = (mdStatus: string): PaymentOutcome =>
      declineOfReturn(mdStatus, "REF1", { ...MD_NO_AUTHENTICATION, "9": "Merchant not enrolled" }, refusal);
    expect(decline("")).toEqual({ status: "pending" });
    expect(decline("5")).toEqual({
      status: "declined",
      error: { code: "MD5", message: "3-D Secure verification unavailable" },
      partnerReference: "REF1",
    });
    expect(decline("9")).toMatchObject({ error: { code: "MD9", message: "Merchant not enrolled" } });
    expect(decline("X")).toMatchObject({ error: { code: "MDX", message: "3-D Secure authentication failed" } });
    for (const passed of ["1", "2", "4"])
      expect(decline(passed)).toEqual({ status: "declined", error: refusal(), partnerReference: "REF1" });
  });
});
