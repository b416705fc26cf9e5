import { describe, expect, it } from "vitest";
import { turkishDative } from "./turkish-dative";

describe("a clock time with the Turkish dative suffix", () => {
  it.each([
    ["14:35", "14:35'e"],
    ["14:30", "14:30'a"],
    ["14:06", "14:06'ya"],
    ["14:09", "14:09'a"],
    ["14:20", "14:20'ye"],
    ["14:50", "14:50'ye"],
    ["15:00", "15:00'e"],
    ["12:00", "12:00'ye"],
    ["10:00", "10:00'a"],
    ["00:00", "00:00'a"],
  ])("%s -> %s", (time, expected) => expect(turkishDative(time)).toBe(expected));
});
