/**
 * Finds the number literals of a valid JSON text that do not survive conversion to a double: the decimal
 * they write differs from the decimal of the double JSON.parse makes of them (the shortest one that reads
 * back the same). 100.10 and 1e2 read exactly; 9007199254740993 (past 2^53), 100.100000000000001 (binary
 * noise: it reads as 100.1) and 1e400 do not.
 */
export function inexactNumbers(json: string): { path: string; literal: string }[] {
  const found: { path: string; literal: string }[] = [];
  // One frame per open object or array: the key (or index) the next value belongs to.
  const stack: { array: boolean; key: string | number }[] = [];
  const path = () =>
    stack
      .map((f) => (f.array ? `[${f.key}]` : `.${f.key}`))
      .join("")
      .replace(/^\./, "");
  let expectKey = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i]!;
    if (c === '"') {
      let j = i + 1;
      while (json[j] !== '"') j += json[j] === "\\" ? 2 : 1;
      const frame = stack.at(-1);
      if (expectKey && frame) frame.key = JSON.parse(json.slice(i, j + 1)) as string;
      i = j;
    } else if (c === "{" || c === "[") {
      stack.push({ array: c === "[", key: 0 });
      expectKey = c === "{";
    } else if (c === "}" || c === "]") {
      stack.pop();
    } else if (c === ":") {
      expectKey = false;
    } else if (c === ",") {
      const frame = stack.at(-1)!;
      if (frame.array) frame.key = (frame.key as number) + 1;
      else expectKey = true;
    } else if (c === "-" || (c >= "0" && c <= "9")) {
      const literal = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(json.slice(i))![0];
      if (!readsExactly(literal)) found.push({ path: path(), literal });
      i += literal.length - 1;
    }
  }
  return found;
}

/** Whether a JSON number literal and String(Number(literal)) write the same decimal value. */
export function readsExactly(literal: string): boolean {
  const value = Number(literal);
  if (!Number.isFinite(value)) return false;
  return sameDecimal(canonical(literal), canonical(String(value)));
}

function sameDecimal(
  a: { digits: string; exponent: number; negative: boolean },
  b: { digits: string; exponent: number; negative: boolean },
): boolean {
  if (a.digits === "" && b.digits === "") return true;
  return a.digits === b.digits && a.exponent === b.exponent && a.negative === b.negative;
}

/** A decimal literal as significant digits (no leading or trailing zeros) times 10^exponent. */
function canonical(literal: string): { digits: string; exponent: number; negative: boolean } {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal)!;
  const fraction = match[3] ?? "";
  let digits = match[2]! + fraction;
  let exponent = Number(match[4] ?? 0) - fraction.length;
  digits = digits.replace(/^0+/, "");
  const trailing = digits.length - digits.replace(/0+$/, "").length;
  digits = digits.slice(0, digits.length - trailing);
  exponent += trailing;
  return { digits, exponent: digits === "" ? 0 : exponent, negative: match[1] === "-" && digits !== "" };
}
