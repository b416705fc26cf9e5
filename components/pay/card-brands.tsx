/**
 * The card schemes the acquirers here take, as small marks drawn inline (no image host, no font download:
 * the page's CSP allows neither): a customer recognises the card they hold before leaving for the bank.
 */
const MARK = "h-8 w-12 rounded ring-1 ring-slate-200";

function Visa() {
  return (
    <svg viewBox="0 0 48 32" className={MARK} role="img" aria-label="Visa">
      <rect width="48" height="32" rx="4" fill="#1a1f71" />
      <text
        x="24"
        y="21"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="13"
        fontStyle="italic"
        fontWeight="700"
        fill="#fff"
      >
        VISA
      </text>
    </svg>
  );
}

function Mastercard() {
  return (
    <svg viewBox="0 0 48 32" className={MARK} role="img" aria-label="Mastercard">
      <rect width="48" height="32" rx="4" fill="#fff" />
      <circle cx="19" cy="16" r="9" fill="#eb001b" />
      <circle cx="29" cy="16" r="9" fill="#f79e1b" fillOpacity="0.9" />
    </svg>
  );
}

function Troy() {
  return (
    <svg viewBox="0 0 48 32" className={MARK} role="img" aria-label="Troy">
      <rect width="48" height="32" rx="4" fill="#fff" />
      <text
        x="24"
        y="21"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="13"
        fontWeight="700"
        fill="#00a3b4"
      >
        troy
      </text>
    </svg>
  );
}

function AmericanExpress() {
  return (
    <svg viewBox="0 0 48 32" className={MARK} role="img" aria-label="American Express">
      <rect width="48" height="32" rx="4" fill="#016fd0" />
      <text
        x="24"
        y="20"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="10"
        fontWeight="700"
        fill="#fff"
      >
        AMEX
      </text>
    </svg>
  );
}

const MARKS = [
  ["visa", Visa],
  ["mastercard", Mastercard],
  ["troy", Troy],
  ["amex", AmericanExpress],
] as const;

export function CardBrands({ label }: { label: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="text-xs text-slate-600">{label}</p>
      <ul aria-label={label} className="flex gap-2">
        {MARKS.map(([name, Mark]) => (
          <li key={name}>
            <Mark />
          </li>
        ))}
      </ul>
    </div>
  );
}
