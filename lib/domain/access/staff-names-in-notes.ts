import { PERSON_PARAMS } from "@/lib/base/messages/notes";

/**
 * The four-eyes history notes name the staff who proposed, confirmed or declined. Provider viewers see
 * "staff" instead of those names, as they do in the history's "by" column: the dealer's and the
 * operator's people are not theirs to know.
 */
const NAMED = [
  /^(Second approval requested by )(.+?)(: )/,
  /^(Approved by )(.+?)(, confirmed by )(.+?)(, with the received amount )/,
  /^(Second approval declined by )(.+?)(: |$)/,
];

export const UNNAMED_STAFF = "staff";

/** A keyed note's parameters with the staff named in them replaced by UNNAMED_STAFF. */
export function withoutStaffNamesInParams(params: unknown): unknown {
  if (typeof params !== "object" || params === null) return params;
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, PERSON_PARAMS.has(name) ? UNNAMED_STAFF : value]),
  );
}

/** The same for a note stored as text before notes were keyed. */

export function withoutStaffNames(note: string | null): string | null {
  if (note === null) return null;
  for (const re of NAMED) {
    const match = re.exec(note);
    if (!match) continue;
    const parts = match.slice(1).map((part, i) => (i % 2 === 1 ? UNNAMED_STAFF : part));
    return parts.join("") + note.slice(match[0].length);
  }
  return note;
}
