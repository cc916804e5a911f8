import {
  invoiceDraftBody,
  invoiceMessages as M,
  invoiceTotals,
  milliToDecimal,
  parseMoney,
  parsePercent,
  toDecimalString,
  type ClientAccount,
  type InvoiceDetail,
  type MoneyLine,
  type UnbilledWork,
} from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { AccountPicker } from './AccountPicker.tsx';
import { createDraft, fetchAccount, fetchUnbilled, updateDraft } from './api.ts';
import {
  blankLine,
  expenseChoicesOf,
  expenseMoneyLine,
  timeChoicesOf,
  timeMoneyLine,
  toggled,
  typedLinesOf,
  typedMoneyLine,
  type TimeChoice,
  type ExpenseChoice,
  type TypedLine,
} from './draft-lines.ts';
import { ExpenseTable, TimeTable } from './DraftWorkTables.tsx';
import { FormPart } from './FormPart.tsx';
import { Totals } from './Totals.tsx';
import { TypedLinesEditor } from './TypedLinesEditor.tsx';

/**
 * New invoice / Edit draft: choose the client account (and one of its cases), tick its unbilled approved time
 * entries (raw time, billed time after the organisation's increment, the uplift, rate and amount) and expenses,
 * add fixed fees and discounts with their tax, and see the totals as the contract's `invoiceTotals` computes them
 * (the server stores the same). Saved as a draft; numbers are given at issue.
 */
export function DraftDialog({
  invoice,
  onClose,
  onSaved,
}: {
  /** The draft to edit; absent for a new invoice. */
  invoice?: InvoiceDetail;
  onClose: () => void;
  onSaved: (invoiceId: number) => void;
}) {
  const accountOfDraft = useQuery({
    queryKey: queryKeys.invoices.account(invoice?.account_id ?? 0),
    queryFn: ({ signal }) => fetchAccount(invoice!.account_id, signal),
    enabled: invoice !== undefined,
  });
  if (invoice && !accountOfDraft.data) return null;
  return (
    <DraftForm invoice={invoice} initialAccount={accountOfDraft.data ?? null} onClose={onClose} onSaved={onSaved} />
  );
}

function DraftForm({
  invoice,
  initialAccount,
  onClose,
  onSaved,
}: {
  invoice?: InvoiceDetail;
  initialAccount: ClientAccount | null;
  onClose: () => void;
  onSaved: (invoiceId: number) => void;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const draftLines = invoice?.lines ?? [];
  const [account, setAccount] = useState<ClientAccount | null>(initialAccount);
  const [caseId, setCaseId] = useState<number | null>(invoice?.case_id ?? null);
  const [timeIds, setTimeIds] = useState<Set<number>>(
    () => new Set(draftLines.flatMap((l) => (l.time_entry_id === null ? [] : [l.time_entry_id]))),
  );
  const [expenseIds, setExpenseIds] = useState<Set<number>>(
    () => new Set(draftLines.flatMap((l) => (l.expense_id === null ? [] : [l.expense_id]))),
  );
  const firstTime = draftLines.find((l) => l.kind === 'time');
  const [rate, setRate] = useState<string | null>(
    firstTime && invoice ? toDecimalString(firstTime.unit_price_minor, invoice.currency) : null,
  );
  const [timeTax, setTimeTax] = useState<string | null>(firstTime ? milliToDecimal(firstTime.tax_rate_milli) : null);
  const [lines, setLines] = useState<TypedLine[]>(() => typedLinesOf(invoice));
  const [notes, setNotes] = useState(invoice?.notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const unbilled = useQuery({
    queryKey: queryKeys.invoices.unbilled(account?.id ?? 0, caseId),
    queryFn: ({ signal }) => fetchUnbilled(account!.id, caseId, signal),
    enabled: account !== null,
  });
  const work: UnbilledWork | undefined = unbilled.data;
  const currency = account?.currency ?? invoice?.currency ?? 'USD';
  const rateText = rate ?? (work ? toDecimalString(work.hourly_rate_minor, currency) : '');
  const timeTaxText = timeTax ?? (work ? milliToDecimal(work.default_tax_rate_milli) : '0');
  const defaultTax = work ? milliToDecimal(work.default_tax_rate_milli) : '0';

  // The draft's own entries and expenses (not unbilled any more) stay choosable while it is edited.
  const times = useMemo(() => timeChoicesOf(draftLines, work), [draftLines, work]);
  const expenses = useMemo(() => expenseChoicesOf(draftLines, work), [draftLines, work]);

  // Live totals: the contract's invoiceTotals over what is ticked and typed (lines not yet valid are left out).
  const rateMinor = parseMoney(rateText, currency);
  const timeTaxMilli = parsePercent(timeTaxText);
  const timeLine = (t: TimeChoice) => timeMoneyLine(t, rateMinor, timeTaxMilli);
  const chosenLines: MoneyLine[] = [
    ...times.filter((t) => timeIds.has(t.id)).map(timeLine),
    ...expenses.filter((e) => expenseIds.has(e.id)).map(expenseMoneyLine),
    ...lines.map((l) => typedMoneyLine(l, currency)).filter((l): l is MoneyLine => l !== null),
  ];
  const totals = invoiceTotals(chosenLines, currency);
  const amountOfTime = (t: TimeChoice) => invoiceTotals([timeLine(t)], currency).subtotal_minor;
  const amountOfExpense = (e: ExpenseChoice) => invoiceTotals([expenseMoneyLine(e)], currency).subtotal_minor;
  // A discount's percentage applies to the other (non-discount) lines chosen.
  const amountOfTyped = (line: MoneyLine) =>
    invoiceTotals([line, ...chosenLines.filter((c) => c.kind !== 'discount')], currency).lines[0]?.amount_minor ?? 0;

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof invoiceDraftBody.parse>) =>
      invoice ? updateDraft(invoice.id, body) : createDraft(body),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || (invoice ? M.draftUpdated : M.draftCreated), { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all });
      onSaved(answer.invoice.id);
    },
    onError: async (failure) => {
      setRefusal(refusalText(failure));
      // What the refusal is about may have changed under the form (a colleague's draft took an entry): the
      // unbilled choices and the lists refresh, so the entry leaves the form and the new draft shows in the list.
      await queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all });
    },
  });

  const submit = () => {
    setRefusal(null);
    const found: Record<string, string> = {};
    if (!account) found.account = M.unknownAccount;
    const parsed = invoiceDraftBody.safeParse({
      account_id: account?.id ?? 0,
      case_id: caseId,
      time_entry_ids: [...timeIds].filter((id) => times.some((t) => t.id === id)),
      expense_ids: [...expenseIds].filter((id) => expenses.some((e) => e.id === id)),
      lines: lines.map((l) => ({
        kind: l.kind,
        description: l.description,
        quantity: l.quantity,
        tax_rate: l.tax_rate,
        ...(l.kind === 'discount' && l.discount_percent.trim()
          ? { discount_percent: l.discount_percent }
          : l.unit_price.trim()
            ? { unit_price: l.unit_price }
            : {}),
      })),
      hourly_rate: rateText,
      time_tax_rate: timeTaxText,
      notes,
    });
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    if (rateMinor === null && !found.hourly_rate) found.hourly_rate = M.amountInvalid;
    for (const [i, l] of lines.entries())
      if (l.unit_price.trim() && parseMoney(l.unit_price, currency) === null)
        found[`lines.${i}.unit_price`] ??= M.amountInvalid;
    if (parsed.success && chosenLines.length === 0 && Object.keys(found).length === 0) found.nothing = M.nothingToBill;
    setErrors(found);
    if (parsed.success && Object.keys(found).length === 0) save.mutate(parsed.data);
  };
  const setLine = (key: number, patch: Partial<TypedLine>) =>
    setLines((old) => old.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  return (
    <FormDialog
      title={invoice ? 'Edit draft invoice' : 'New invoice'}
      submitLabel="Save draft"
      save={{ busy: save.isPending, refusal: refusal ?? errors.nothing ?? null, submit }}
      onClose={onClose}
      columns={1}
      maxWidth="lg"
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {invoice ? (
          <TextField label="Client" value={account?.name ?? ''} slotProps={{ input: { readOnly: true } }} />
        ) : (
          <AccountPicker
            label="Client account"
            required
            value={account}
            onChange={(next) => {
              setAccount(next);
              setCaseId(null);
              setTimeIds(new Set());
              setExpenseIds(new Set());
              setRate(null);
              setErrors((old) => ({ ...old, account: '' }));
            }}
            error={Boolean(errors.account)}
            helperText={errors.account || undefined}
          />
        )}
        <TextField
          select
          label="Case"
          value={caseId ?? ''}
          disabled={!account}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(event) => {
            const value = event.target.value as number | '';
            setCaseId(value === '' ? null : value);
          }}
          // A disabled field's helper text is too pale (axe: contrast): it shows once an account is chosen.
          helperText={account ? 'The work of one case, or of every case of the account.' : undefined}
        >
          <MenuItem value="">All cases of the account</MenuItem>
          {(account?.cases ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.title}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {!account && (
        <Typography variant="body2" color="text.secondary">
          Choose the client account: its approved time and expenses not yet billed show here, to tick.
        </Typography>
      )}
      {account && (
        <>
          <FormPart
            title="Time"
            intro={
              work
                ? `Approved billable time not yet billed; each entry rounds up to the ${work.billing_increment_minutes}-minute billing increment.`
                : 'Loading data...'
            }
          >
            <Box
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 12rem))' } }}
            >
              <TextField
                size="small"
                label={`Hourly rate (${currency})`}
                value={rateText}
                onChange={(event) => {
                  setRate(event.target.value);
                  setErrors((old) => ({ ...old, hourly_rate: '' }));
                }}
                error={Boolean(errors.hourly_rate)}
                helperText={errors.hourly_rate || undefined}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <TextField
                size="small"
                label="Tax on time (%)"
                value={timeTaxText}
                onChange={(event) => {
                  setTimeTax(event.target.value);
                  setErrors((old) => ({ ...old, time_tax_rate: '' }));
                }}
                error={Boolean(errors.time_tax_rate)}
                helperText={errors.time_tax_rate || undefined}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Box>
            <TimeTable
              times={times}
              chosen={timeIds}
              onToggle={(id) => setTimeIds((old) => toggled(old, id))}
              onChooseAll={(ids) => setTimeIds(new Set(ids))}
              rateMinor={rateMinor}
              currency={currency}
              amountOf={amountOfTime}
            />
          </FormPart>
          <FormPart title="Expenses" intro="Expenses of the account not yet billed (added on Client accounts).">
            <ExpenseTable
              expenses={expenses}
              chosen={expenseIds}
              onToggle={(id) => setExpenseIds((old) => toggled(old, id))}
              currency={currency}
              amountOf={amountOfExpense}
            />
          </FormPart>
          <FormPart
            title="Fixed fees and discounts"
            actions={
              <>
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  onClick={() => setLines((old) => [...old, blankLine('fixed_fee', defaultTax)])}
                >
                  Add fixed fee
                </Button>
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  onClick={() => setLines((old) => [...old, blankLine('discount', defaultTax)])}
                >
                  Add discount
                </Button>
              </>
            }
          >
            <TypedLinesEditor
              lines={lines}
              onChange={setLine}
              onRemove={(key) => setLines((old) => old.filter((x) => x.key !== key))}
              errors={errors}
              currency={currency}
              amountOf={amountOfTyped}
            />
          </FormPart>
          <TextField
            label="Notes on the invoice"
            multiline
            minRows={2}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            error={Boolean(errors.notes)}
            helperText={errors.notes}
          />
          <Totals
            currency={currency}
            subtotal={totals.subtotal_minor}
            tax={totals.tax_minor}
            total={totals.total_minor}
          />
        </>
      )}
    </FormDialog>
  );
}
