import Link from "next/link";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import type { SandboxInUse } from "@/lib/domain/ops/sandbox-in-use";
import { secondFactorGraceEnds } from "@/lib/edge/auth/second-factor";
import { consoleTime } from "@/lib/edge/console/format";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/** The list in words: "a, b and c". */
function joined(parts: string[], and: string): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} ${and} ${parts.at(-1)}`;
}

/**
 * What every console page says above its content while it holds: test partners in use (no real money moves
 * through them), and for an admin who must set up a second factor, by when (or that money actions wait for it).
 */
export function ConsoleBanners({
  user,
  sandbox,
  t,
  now = new Date(),
}: {
  user: ConsoleUser;
  sandbox: SandboxInUse;
  t: ConsoleMessages;
  now?: Date;
}) {
  const m = t.common.testMode;
  const sandboxParts = [
    sandbox.cardDealers > 0 && m.cards(sandbox.cardDealers),
    sandbox.wallets > 0 && m.wallets(sandbox.wallets),
    sandbox.gateways > 0 && m.gateways(sandbox.gateways),
  ].filter((p): p is string => Boolean(p));
  const graceEnds = secondFactorGraceEnds(user);
  const secondFactorWords =
    graceEnds && graceEnds > now
      ? t.secondFactor.bannerGrace(consoleTime(graceEnds, t.lang))
      : t.secondFactor.bannerBlocked;
  if (sandboxParts.length === 0 && !graceEnds) return null;
  return (
    <div className="flex flex-col">
      {sandboxParts.length > 0 && (
        <section
          aria-label={m.label}
          data-testid="test-mode-banner"
          className="border-b border-violet-300 bg-violet-50 px-4 py-2 text-sm text-violet-950"
        >
          <strong className="mr-2 inline-block rounded bg-violet-700 px-1.5 py-0.5 text-xs font-semibold text-white">
            {m.label}
          </strong>
          {`${m.intro} ${joined(sandboxParts, m.and)}.`}
        </section>
      )}
      {graceEnds && (
        <section
          aria-label={t.secondFactor.heading}
          data-testid="second-factor-banner"
          className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
        >
          {secondFactorWords}{" "}
          <Link href="/console/security" className="font-medium underline underline-offset-2">
            {t.secondFactor.bannerLink}
          </Link>
        </section>
      )}
    </div>
  );
}
