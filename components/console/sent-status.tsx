import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

// Marks where the status goes in a sentence, so the dictionary's own word order holds around it.
const SLOT = "\u0000";

/**
 * A status value as sent over the wire, in the console's words with the value itself: "tamamlandı (API:
 * completed)". The API's value is data the provider receives, not a word to translate, so it is marked
 * translate="no" (a reader, a translation tool and the Turkish page check leave it as it is); an unknown
 * value is shown as sent. `sentence` words it in a sentence ("gönderilen durum: …") when given.
 */
export function SentStatus({
  status,
  labels,
  sentence,
}: {
  status: string;
  labels: ConsoleMessages["labels"];
  sentence?: (status: string) => string;
}) {
  const word = labels.status[status as TransactionStatus];
  const [before, after] = sentence ? sentence(SLOT).split(SLOT) : ["", ""];
  return (
    <>
      {before}
      {word ? (
        <>
          {word} (<span translate="no">{labels.apiValue(status)}</span>)
        </>
      ) : (
        <span translate="no">{status}</span>
      )}
      {after}
    </>
  );
}
