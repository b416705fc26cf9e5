import { englishNote, readNote } from "@/lib/base/messages/english-notes";

/** A history row's note in the service's English words: its key worded, or the text of a row written before keys. */
export function noteText(e: { note: string | null; noteKey: string | null; noteParams: unknown }): string {
  const n = readNote(e.noteKey, e.noteParams);
  return n ? englishNote(n) : (e.note ?? "");
}
