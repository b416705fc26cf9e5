// The dative suffix follows the last number word as it is read aloud: "bir" -> 'e, "altı" -> 'ya, "on" -> 'a.
const UNITS = ["", "'e", "'ye", "'e", "'e", "'e", "'ya", "'ye", "'e", "'a"];
const TENS = ["'a", "'a", "'ye", "'a", "'a", "'ye"];

/**
 * "14:35'e", "14:30'a", "14:06'ya", "15:00'e": a clock time with the Turkish dative suffix, as in "14:35'e
 * kadar" (until 14:35). The suffix agrees with the last word read: the minutes, or the hour on the hour.
 */
export function turkishDative(time: string): string {
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  const spoken = minute === 0 ? hour : minute;
  if (spoken === 0) return `${time}'a`; // "sıfır"
  const suffix = spoken % 10 === 0 ? TENS[Math.floor(spoken / 10) % 6]! : UNITS[spoken % 10]!;
  return `${time}${suffix}`;
}
