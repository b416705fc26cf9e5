import { approveOrProposeDepositAction } from "@/app/console/(app)/approvals/second-approval-actions";
import { matchDepositAction, rejectDepositAction, withdrawalStepAction } from "@/app/console/(app)/approvals/actions";
import { ActionForm } from "@/components/console/action-form";
import { BULK_FORM_ID } from "@/app/console/(app)/approvals/_components/bulk-decision";
import { ConfirmAction } from "@/components/console/confirm-action";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { ApprovalRow as Row, UnmatchedLine } from "@/lib/domain/approvals/list-approval-page";
import { consoleTime } from "@/lib/edge/console/format";
import { formatAge } from "@/lib/edge/console/format-age";
import { formatIban } from "@/lib/base/iban/iban";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { formatAmount, formatMoney } from "@/lib/base/money/format-money";
import { movesFor, type ActorRole, paymentMethodOf } from "@/lib/domain/payment-methods";

/**
 * The reason field, with the usual reasons offered as presets (a datalist: pick one or type another). The
 * action checks that a required reason is there and says so in the console's language.
 */
function Reason({ label, presets, listId }: { label: string; presets?: string[]; listId?: string }) {
  return (
    <>
      <TextField label={label} name="reason" maxLength={500} autoComplete="off" list={presets && listId} />
      {presets && listId && (
        <datalist id={listId}>
          {presets.map((preset) => (
            <option key={preset} value={preset} />
          ))}
        </datalist>
      )}
    </>
  );
}

/**
 * One transaction waiting for staff: who, what, how long it has waited, and the moves the lifecycle table
 * gives this role from where it stands, each behind a confirmation that names the amount and the person.
 */
export function ApprovalRow({
  row,
  role,
  lines,
  now,
  t,
  bulk = false,
}: {
  row: Row;
  role: ActorRole;
  lines: UnmatchedLine[];
  now: Date;
  t: ConsoleMessages;
  bulk?: boolean;
}) {
  const a = t.approvals;
  const c = a.confirm;
  const can = (to: string, amount?: string) =>
    movesFor(row, role).some((r) => r.to === to && (amount === undefined || r.amount === amount));
  const money = formatMoney(row.amount, t.lang);
  const person = (row.direction === "WITHDRAWAL" ? row.recipientName : null) || row.fullname || row.username;
  const iban = formatIban(row.iban ?? "");
  const inFlight = row.transfer?.status === "pending";
  const proposal = row.secondApprovals[0];
  const stage =
    row.direction === "DEPOSIT"
      ? row.status === "pending"
        ? a.customerSaysSent
        : a.pageOpen
      : inFlight
        ? a.sentWaitingForBank
        : row.status === "pending"
          ? a.notTaken
          : a.processing;
  const hidden = <input type="hidden" name="id" value={row.id} />;
  const key = (action: string) => `${action}-${row.id}`;
  const details = (
    <p className="font-mono text-xs break-all">
      {row.trackingCode}
      {row.iban ? ` · ${iban}` : ""}
    </p>
  );
  return (
    <article
      aria-label={row.trackingCode}
      data-queue-row
      tabIndex={0}
      className={
        "flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200 focus-visible:outline-2 " +
        "focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      }
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        {bulk && !inFlight && !proposal && (
          // Belongs to the bulk form at the top of the queue (form attribute), so ticking works without scripts.
          <input
            type="checkbox"
            name="ids"
            value={row.id}
            form={BULK_FORM_ID}
            aria-label={a.bulk.select(row.trackingCode)}
            className="mt-1 size-5 shrink-0 rounded border-slate-400"
            data-testid="bulk-tick"
          />
        )}
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium break-words">{row.fullname || row.username}</p>
          <p className="break-words text-slate-600">
            {row.username} · {row.userId} · {row.site?.name ?? a.dealerApi(t.labels.originWord[row.origin])}
          </p>
          {row.direction === "WITHDRAWAL" && (
            <p className="mt-1 font-mono text-xs break-all">
              {row.recipientName} · {iban}
            </p>
          )}
        </div>
        <div className="text-sm sm:text-right">
          <p className="font-mono text-xs break-all">{row.trackingCode}</p>
          <p>
            {t.labels.method[paymentMethodOf(row.method)]} · <strong>{stage}</strong>
          </p>
          <p className="text-slate-600">
            <time
              dateTime={row.createdAt.toISOString()}
              title={consoleTime(row.createdAt, t.lang)}
              data-testid="queue-age"
            >
              {a.waiting(formatAge(now.getTime() - row.createdAt.getTime(), t.lang))}
            </time>
          </p>
          <p className="text-lg font-semibold whitespace-nowrap tabular-nums">{money}</p>
        </div>
      </header>
      {row.direction === "DEPOSIT" && <OfferedAccount row={row} t={t} />}
      {!inFlight && (
        <div className="flex flex-wrap items-start gap-3">
          {proposal && (
            <p className="text-sm">
              <span
                className={
                  "mr-2 inline-block rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium " + "text-indigo-900"
                }
              >
                {a.secondApproval.badge}
              </span>
              {a.secondApproval.proposedBy(proposal.proposedBy, formatMoney(proposal.amount, t.lang), money)}
            </p>
          )}
          {!proposal && can("completed", "staff") && (
            <ConfirmAction
              id={key("approve")}
              shortcut="a"
              trigger={a.approve}
              title={c.approveTitle(money, person)}
              details={
                <>
                  {details}
                  <p className="mt-1">{c.approveBody}</p>
                </>
              }
              confirmLabel={c.approve}
              action={approveOrProposeDepositAction}
            >
              {hidden}
              <TextField
                label={a.amountReceived}
                name="amount"
                defaultValue={formatAmount(row.amount, t.lang)}
                inputMode="decimal"
                autoComplete="off"
              />
              <Reason label={a.reasonIfChanged} />
            </ConfirmAction>
          )}
          {row.direction === "DEPOSIT" && can("completed", "bank_line") && lines.length > 0 && (
            <ConfirmAction
              id={key("match")}
              trigger={a.matchPayment}
              title={c.matchTitle(money, person)}
              details={
                <>
                  {details}
                  <p className="mt-1">{c.matchBody}</p>
                </>
              }
              confirmLabel={c.matchConfirm}
              action={matchDepositAction}
            >
              {hidden}
              <SelectField
                label={a.incomingPayment}
                name="line"
                options={lines.map((l) => ({
                  value: String(l.id),
                  label: a.incomingLine(formatMoney(l.amount, t.lang), l.senderName, consoleTime(l.occurredAt, t.lang)),
                }))}
              />
            </ConfirmAction>
          )}
          {row.direction === "DEPOSIT" && can("canceled") && (
            <ConfirmAction
              id={key("reject")}
              shortcut="r"
              variant="danger"
              trigger={a.reject}
              title={c.rejectTitle(money, person)}
              details={
                <>
                  {details}
                  <p className="mt-1">{c.rejectBody}</p>
                </>
              }
              confirmLabel={c.rejectConfirm}
              action={rejectDepositAction}
            >
              {hidden}
              <Reason label={a.reasonSeen} presets={a.presets.deposit} listId={key("reject-reasons")} />
            </ConfirmAction>
          )}
          {row.direction === "WITHDRAWAL" && (
            <WithdrawalMoves
              row={row}
              can={can}
              money={money}
              person={person}
              iban={iban}
              details={details}
              hidden={hidden}
              t={t}
            />
          )}
        </div>
      )}
    </article>
  );
}

/**
 * Which of the dealer's accounts the deposit told the customer to pay to (stored on the deposit as offered,
 * so a later edit of the account does not change it), and whether the customer changed the amount on the page.
 */
function OfferedAccount({ row, t }: { row: Row; t: ConsoleMessages }) {
  const a = t.approvals;
  const change = row.customerAmountChange;
  const wallet = row.method === "EIBAN";
  const parts = [
    row.offeredBankName,
    row.offeredAccountName,
    row.offeredIban ? formatIban(row.offeredIban) : null,
  ].filter(Boolean);
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p data-testid="offered-account" className="wrap-anywhere">
        <span className="text-slate-600">{wallet ? a.offeredWallet : a.offeredAccount}: </span>
        {parts.length > 0 ? (
          <span className="font-mono text-xs">{parts.join(" · ")}</span>
        ) : (
          <span className="text-slate-600">{a.noOfferedAccount}</span>
        )}
      </p>
      {change && (
        <p
          data-testid="customer-changed-amount"
          className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200"
        >
          <span className="mr-2 inline-block rounded-full bg-amber-200 px-2 py-0.5 text-xs font-medium">
            {a.customerChangedBadge}
          </span>
          {a.customerChangedAmount(formatMoney(change.requested, t.lang), formatMoney(change.current, t.lang))}
        </p>
      )}
    </div>
  );
}

function WithdrawalMoves({
  row,
  can,
  money,
  person,
  iban,
  details,
  hidden,
  t,
}: {
  row: Row;
  can: (to: string) => boolean;
  money: string;
  person: string;
  iban: string;
  details: React.ReactNode;
  hidden: React.ReactNode;
  t: ConsoleMessages;
}) {
  const a = t.approvals;
  const c = a.confirm;
  const step = (name: string) => <input type="hidden" name="step" value={name} />;
  const key = (action: string) => `${action}-${row.id}`;
  const outcome = (
    name: "reject" | "fail" | "cancel",
    trigger: string,
    title: string,
    confirm: string,
    shortcut?: string,
  ) => (
    <ConfirmAction
      id={key(name)}
      shortcut={shortcut}
      variant="danger"
      trigger={trigger}
      title={title}
      details={
        <>
          {details}
          <p className="mt-1">{c.withdrawalBody}</p>
        </>
      }
      confirmLabel={confirm}
      action={withdrawalStepAction}
    >
      {hidden}
      {step(name)}
      <Reason label={a.reasonSeen} presets={a.presets.withdrawal} listId={key(`${name}-reasons`)} />
    </ConfirmAction>
  );
  return (
    <>
      {row.method === "EIBAN" && !row.transfer && (row.status === "processing" || can("processing")) && (
        <ConfirmAction
          id={key("send")}
          shortcut="a"
          trigger={a.approveAndSend}
          title={c.sendTitle(money, person)}
          details={
            <>
              {details}
              <p className="mt-1">{c.sendBody(iban)}</p>
            </>
          }
          confirmLabel={c.sendConfirm(money)}
          action={withdrawalStepAction}
        >
          {hidden}
          {step("send")}
        </ConfirmAction>
      )}
      {row.method !== "EIBAN" && can("processing") && (
        <ActionForm action={withdrawalStepAction} submitLabel={a.take} submitVariant="secondary" shortcut="a" announce>
          {hidden}
          {step("take")}
        </ActionForm>
      )}
      {can("completed") && (
        <ConfirmAction
          id={key("paid")}
          shortcut="a"
          trigger={a.markPaid}
          title={c.paidTitle(money, person)}
          details={
            <>
              {details}
              <p className="mt-1">{c.paidBody(iban)}</p>
            </>
          }
          confirmLabel={c.paidConfirm}
          action={withdrawalStepAction}
        >
          {hidden}
          {step("complete")}
        </ConfirmAction>
      )}
      {can("rejected") &&
        outcome("reject", a.reject, c.rejectWithdrawalTitle(money, person), c.rejectWithdrawalConfirm, "r")}
      {can("failed") && outcome("fail", a.markFailed, c.failTitle(money, person), c.failConfirm)}
      {can("canceled") &&
        outcome("cancel", a.cancel, c.cancelTitle(money, person), c.cancelConfirm, can("rejected") ? undefined : "r")}
    </>
  );
}
