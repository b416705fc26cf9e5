import type { Metadata } from "next";
import QRCode from "qrcode";
import { ActionForm } from "@/components/console/action-form";
import { Panel } from "@/components/console/panel";
import { TextField } from "@/components/ui/text-field";
import { decryptSecret } from "@/lib/base/crypto/secret-box";
import { prisma } from "@/lib/base/db/prisma";
import { otpauthUri } from "@/lib/domain/users/second-factor";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { secondFactorRequired } from "@/lib/edge/auth/second-factor";
import { consoleTime } from "@/lib/edge/console/format";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { confirmTotpAction, disableTotpAction, startTotpAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).titles.security };
}

const codeField = (label: string) => <TextField label={label} name="code" inputMode="numeric" autoComplete="one-time-code" required className="w-56" />;

/** Every console user's own second factor: set it up with a QR code, or turn it off with a current code. */
export default async function SecurityPage() {
  const [me, t] = await Promise.all([requireConsoleUser(), consoleMessages()]);
  const words = t.secondFactor;
  const row = await prisma.consoleUser.findUniqueOrThrow({ where: { id: me.id }, select: { email: true, totpSecretEnc: true, totpEnabledAt: true } });
  const pendingSecret = !row.totpEnabledAt && row.totpSecretEnc ? decryptSecret(row.totpSecretEnc) : null;
  const qr = pendingSecret ? await QRCode.toDataURL(otpauthUri(row.email, pendingSecret), { margin: 1, width: 220 }) : null;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold">{words.heading}</h1>
      <p className="text-sm text-slate-600">{words.intro}</p>
      <p className="text-sm text-slate-700">{secondFactorRequired({ ...me, totpEnabled: false }) ? words.requiredForYou : words.offered}</p>
      {row.totpEnabledAt ? (
        <Panel title={words.enabledSince(consoleTime(row.totpEnabledAt, t.lang))}>
          <ActionForm action={disableTotpAction} submitLabel={words.turnOff} submitVariant="danger">
            {codeField(words.code)}
          </ActionForm>
        </Panel>
      ) : (
        <Panel title={words.off}>
          {qr && pendingSecret && (
            <div className="flex flex-col gap-3">
              <p className="text-sm">{words.scan}</p>
              {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server, nothing to optimise */}
              <img src={qr} alt={words.qrAlt} width={220} height={220} className="h-auto max-w-full" />
              <p className="text-sm break-all">
                {words.manualKey}: <code data-testid="totp-key">{pendingSecret}</code>
              </p>
              <ActionForm action={confirmTotpAction} submitLabel={words.confirm}>
                {codeField(words.code)}
              </ActionForm>
            </div>
          )}
          <ActionForm action={startTotpAction} submitLabel={words.start} submitVariant={qr ? "secondary" : "primary"} />
        </Panel>
      )}
    </div>
  );
}
