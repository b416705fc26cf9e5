import { describe, expect, it } from "vitest";
import { defaultWorkerCount } from "./server-cluster";

describe("the default number of workers (WEB_CONCURRENCY unset)", () => {
  it("is one on a host of one or two cores, where a second worker only lengthened the tail", () => {
    expect(defaultWorkerCount(1)).toBe(1);
    expect(defaultWorkerCount(2)).toBe(1);
  });

  it("is one per core on larger hosts", () => {
    expect(defaultWorkerCount(4)).toBe(4);
    expect(defaultWorkerCount(16)).toBe(16);
  });
});
