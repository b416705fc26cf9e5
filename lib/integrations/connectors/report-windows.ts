/**
 * The calls that cover a period at a partner that caps the period of one call (PayTR's 3 days, GVP's 30): the whole
 * units from `first` to `last` (both included: seconds, minutes, as the partner's dates count them) cut into
 * consecutive windows of at most `max` units, none overlapping, none missing.
 */
export function unitWindows(first: number, last: number, max: number): [start: number, end: number][] {
  const windows: [number, number][] = [];
  for (let start = first; start <= last;) {
    const end = Math.min(last, start + max - 1);
    windows.push([start, end]);
    start = end + 1;
  }
  return windows;
}
