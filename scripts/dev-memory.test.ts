import { describe, expect, it } from "vitest";
import { devHeapRestartDue, devRestartRatio } from "./dev-memory";

const GB = 1024 ** 3;

describe("the development server's memory bound", () => {
  it("restarts past 80% of the heap limit, as Next's own dev server does, and not before", () => {
    expect(devHeapRestartDue({ used_heap_size: 3.2 * GB, heap_size_limit: 4 * GB }, devRestartRatio({}))).toBe(false);
    expect(devHeapRestartDue({ used_heap_size: 3.3 * GB, heap_size_limit: 4 * GB }, devRestartRatio({}))).toBe(true);
  });

  it("takes DEV_HEAP_RESTART_RATIO between 0 and 1, and ignores anything else", () => {
    expect(devRestartRatio({ DEV_HEAP_RESTART_RATIO: "0.5" })).toBe(0.5);
    for (const wrong of ["0", "-1", "1.5", "lots", ""])
      expect(devRestartRatio({ DEV_HEAP_RESTART_RATIO: wrong })).toBe(0.8);
  });
});
