import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import QRCode from "qrcode";
import { ActionForm } from "@/components/console/action-form";
import { Panel } from "@/components/console/panel";
import { TextField } from "@/components/ui/text-field";
import { findSecondFactorSetup, otpauthUri } from "@/lib/domain/users/second-factor";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { secondFactorGraceEnds, secondFactorMandatory } from "@/lib/edge/auth/second-factor";
import { consoleTime } from "@/lib/edge/console/format";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { confirmTotpAction, disableTotpAction, startTotpAction } from "./actions";
import { SecondFactorSetup } from "./_components/second-factor-setup";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).titles.security };
}

/**
 * Every console user's own second factor: set it up with a QR code (the set-up says when it is on, in place
 * of the QR code, with the recovery codes once), or turn it off with a current code. Admins who must have one
 * read by when (their grace period) or that money actions wait for it.
 */
export default async function SecurityPage() {
  const [me, t] = await Promise.all([requireConsoleUser(sectionRoles("security")), consoleMessages()]);
  const words = t.secondFactor;
  const { pendingSecret, ...row } = await findSecondFactorSetup(me.id);
  const qr = pendingSecret
    ? await QRCode.toDataURL(otpauthUri(row.email, pendingSecret), { margin: 1, width: 220 })
    : null;
  const graceEnds = secondFactorGraceEnds(me);
  const rule = !secondFactorMandatory(me)
    ? words.offered
    : graceEnds && graceEnds > new Date()
      ? words.requiredBy(consoleTime(graceEnds, t.lang))
      : words.requiredNow;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold">{words.heading}</h1>
      <p className="text-sm text-slate-600">{words.intro}</p>
      <p className="text-sm text-slate-700">{row.totpEnabledAt ? words.requiredForYou : rule}</p>
      {row.totpEnabledAt ? (
        <Panel title={words.enabledSince(consoleTime(row.totpEnabledAt, t.lang))}>
          <ActionForm action={disableTotpAction} submitLabel={words.turnOff} submitVariant="danger">
            <TextField
              label={words.code}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              className="w-56"
            />
          </ActionForm>
        </Panel>
      ) : (
        // During the set-up its component titles the block: "not set up" until the code turns it on, then "on".
        <div className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
          {qr && pendingSecret ? (
            <SecondFactorSetup
              action={confirmTotpAction}
              words={{
                off: words.off,
                heading: words.enabledNow,
                confirmed: words.confirmed,
                code: words.code,
                confirm: words.confirm,
                recoveryCodes: words.recoveryCodes,
                recoveryIntro: words.recoveryIntro,
                copyCodes: words.copyCodes,
                signInAgain: words.signInAgain,
              }}
            >
              <p className="text-sm">{words.scan}</p>
              {/* A data URL made on the server: nothing to optimise. */}
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={qr} alt={words.qrAlt} width={220} height={220} className="h-auto max-w-full" />
              <p className="text-sm">
                {words.manualKey}:{" "}
                <code data-testid="totp-key" className="font-mono break-all">
                  {pendingSecret}
                </code>
              </p>
              {/* Another key only on purpose: it says that the QR code above stops working, and asks first. */}
              <details className="text-sm">
                <summary className="cursor-pointer text-slate-700">{words.restart}</summary>
                <div className="mt-2 flex flex-col gap-2">
                  <p className="text-slate-600">{words.restartHint}</p>
                  <ActionForm
                    action={startTotpAction}
                    submitLabel={words.restart}
                    submitVariant="secondary"
                    confirmText={words.restartHint}
                  />
                </div>
              </details>
            </SecondFactorSetup>
          ) : (
            <>
              <h2 className="font-medium">{words.off}</h2>
              <ActionForm action={startTotpAction} submitLabel={words.start} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
