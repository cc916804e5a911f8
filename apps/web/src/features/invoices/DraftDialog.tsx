import {
  invoiceDraftBody,
  invoiceMessages as M,
  invoiceTotals,
  milliToDecimal,
  minutesToQuantityMilli,
  parseMoney,
  parsePercent,
  parseQuantity,
  toDecimalString,
  type ClientAccount,
  type InvoiceDetail,
  type InvoiceManualLineKind,
  type MoneyLine,
  type UnbilledWork,
} from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo, useState, type ReactNode } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { formatDay } from '../../ui/dates.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { SimpleTable } from '../../ui/SimpleTable.tsx';
import { AccountPicker } from './AccountPicker.tsx';
import { createDraft, fetchAccount, fetchUnbilled, updateDraft } from './api.ts';
import { minutesText, money, percent } from './money.ts';

/** A time entry the draft may bill: an unbilled one, or one already on the draft being edited. */
interface TimeChoice {
  id: number;
  date: string | null;
  what: string;
  user_name: string;
  raw_seconds: number;
  billed_minutes: number;
  uplift_seconds: number;
}
/** An expense the draft may bill. */
interface ExpenseChoice {
  id: number;
  date: string | null;
  description: string;
  quantity_milli: number;
  amount_minor: number;
  tax_rate_milli: number;
}
/** A typed line as the form holds it (decimal texts, as the contract takes them). */
interface TypedLine {
  key: number;
  kind: InvoiceManualLineKind;
  description: string;
  quantity: string;
  unit_price: string;
  tax_rate: string;
  /** Discounts only: a percentage of the other lines instead of an amount. */
  discount_percent: string;
}

let nextKey = 1;
const blankLine = (kind: InvoiceManualLineKind, taxRate: string): TypedLine => ({
  key: nextKey++,
  kind,
  description: kind === 'discount' ? 'Discount' : '',
  quantity: '1',
  unit_price: '',
  tax_rate: taxRate,
  discount_percent: '',
});

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
  const [lines, setLines] = useState<TypedLine[]>(() =>
    draftLines.flatMap((l) =>
      l.kind === 'fixed_fee' || l.kind === 'discount'
        ? [
            {
              key: nextKey++,
              kind: l.kind,
              description: l.description,
              quantity: milliToDecimal(l.quantity_milli),
              unit_price:
                l.discount_percent_milli === null
                  ? toDecimalString(Math.abs(l.unit_price_minor), invoice!.currency)
                  : '',
              tax_rate: milliToDecimal(l.tax_rate_milli),
              discount_percent: l.discount_percent_milli === null ? '' : milliToDecimal(l.discount_percent_milli),
            },
          ]
        : [],
    ),
  );
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
  const times: TimeChoice[] = useMemo(() => {
    const onDraft = draftLines
      .filter((l) => l.kind === 'time' && l.time_entry_id !== null)
      .map((l) => ({
        id: l.time_entry_id!,
        date: l.date,
        what: l.description,
        user_name: l.user_name ?? '',
        raw_seconds: l.raw_seconds ?? 0,
        billed_minutes: l.billed_minutes ?? 0,
        uplift_seconds: l.uplift_seconds ?? 0,
      }));
    const free = (work?.time_entries ?? [])
      .filter((t) => !onDraft.some((d) => d.id === t.id))
      .map((t) => ({
        id: t.id,
        date: t.date,
        what: [t.task_title, t.note].filter(Boolean).join(' — '),
        user_name: t.user_name,
        raw_seconds: t.raw_seconds,
        billed_minutes: t.billed_minutes,
        uplift_seconds: t.uplift_seconds,
      }));
    return [...onDraft, ...free];
  }, [draftLines, work]);
  const expenses: ExpenseChoice[] = useMemo(() => {
    const onDraft = draftLines
      .filter((l) => l.kind === 'expense' && l.expense_id !== null)
      .map((l) => ({
        id: l.expense_id!,
        date: l.date,
        description: l.description,
        quantity_milli: l.quantity_milli,
        amount_minor: l.unit_price_minor,
        tax_rate_milli: l.tax_rate_milli,
      }));
    const free = (work?.expenses ?? []).filter((e) => !onDraft.some((d) => d.id === e.id));
    return [...onDraft, ...free];
  }, [draftLines, work]);

  // Live totals: the contract's invoiceTotals over what is ticked and typed (lines not yet valid are left out).
  const rateMinor = parseMoney(rateText, currency);
  const timeTaxMilli = parsePercent(timeTaxText);
  const timeLine = (t: TimeChoice): MoneyLine => ({
    kind: 'time',
    quantity_milli: minutesToQuantityMilli(t.billed_minutes),
    unit_price_minor: rateMinor ?? 0,
    tax_rate_milli: timeTaxMilli ?? 0,
    billed_minutes: t.billed_minutes,
  });
  const expenseLine = (e: ExpenseChoice): MoneyLine => ({
    kind: 'expense',
    quantity_milli: e.quantity_milli,
    unit_price_minor: e.amount_minor,
    tax_rate_milli: e.tax_rate_milli,
  });
  const typedLine = (l: TypedLine): MoneyLine | null => {
    const quantity = parseQuantity(l.quantity);
    const tax = parsePercent(l.tax_rate);
    const pct = l.kind === 'discount' && l.discount_percent.trim() ? parsePercent(l.discount_percent) : null;
    const price = pct === null ? parseMoney(l.unit_price, currency) : 0;
    if (quantity === null || tax === null || price === null) return null;
    return {
      kind: l.kind,
      quantity_milli: quantity,
      unit_price_minor: price,
      tax_rate_milli: tax,
      discount_percent_milli: pct,
    };
  };
  const chosenLines: MoneyLine[] = [
    ...times.filter((t) => timeIds.has(t.id)).map(timeLine),
    ...expenses.filter((e) => expenseIds.has(e.id)).map(expenseLine),
    ...lines.map(typedLine).filter((l): l is MoneyLine => l !== null),
  ];
  const totals = invoiceTotals(chosenLines, currency);
  const amountOfTime = (t: TimeChoice) => invoiceTotals([timeLine(t)], currency).subtotal_minor;
  const amountOfExpense = (e: ExpenseChoice) => invoiceTotals([expenseLine(e)], currency).subtotal_minor;
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
  const toggle = (set: Set<number>, id: number) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };
  const allTimes = times.length > 0 && times.every((t) => timeIds.has(t.id));

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
          <Part
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
            <SimpleTable<TimeChoice>
              label="Unbilled time"
              empty="No approved billable time to bill."
              columns={[
                {
                  header: 'Bill',
                  render: (t) => (
                    <Checkbox
                      size="small"
                      checked={timeIds.has(t.id)}
                      onChange={() => setTimeIds((old) => toggle(old, t.id))}
                      slotProps={{
                        input: {
                          'aria-label': `Bill ${minutesText(t.raw_seconds)} of ${t.user_name} on ${formatDay(t.date)}`,
                        },
                      }}
                    />
                  ),
                },
                { header: 'Date', render: (t) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDay(t.date)}</Box> },
                { header: 'Work', render: (t) => `${t.what}${t.user_name ? ` (${t.user_name})` : ''}` },
                { header: 'Raw', align: 'right', hideOnMobile: true, render: (t) => minutesText(t.raw_seconds) },
                { header: 'Billed', align: 'right', render: (t) => minutesText(t.billed_minutes * 60) },
                {
                  header: 'Uplift',
                  align: 'right',
                  hideOnMobile: true,
                  render: (t) => (t.uplift_seconds > 0 ? `+${minutesText(t.uplift_seconds)}` : '—'),
                },
                {
                  header: 'Rate',
                  align: 'right',
                  hideOnMobile: true,
                  render: () => (rateMinor === null ? '—' : money(rateMinor, currency)),
                },
                { header: 'Amount', align: 'right', render: (t) => money(amountOfTime(t), currency) },
              ]}
              rows={times}
              rowKey={(t) => t.id}
            />
            {times.length > 1 && (
              <Box>
                <Button size="small" onClick={() => setTimeIds(allTimes ? new Set() : new Set(times.map((t) => t.id)))}>
                  {allTimes ? 'Untick all time' : 'Tick all time'}
                </Button>
              </Box>
            )}
          </Part>
          <Part title="Expenses" intro="Expenses of the account not yet billed (added on Client accounts).">
            <SimpleTable<ExpenseChoice>
              label="Unbilled expenses"
              empty="No expenses to bill."
              columns={[
                {
                  header: 'Bill',
                  render: (e) => (
                    <Checkbox
                      size="small"
                      checked={expenseIds.has(e.id)}
                      onChange={() => setExpenseIds((old) => toggle(old, e.id))}
                      slotProps={{ input: { 'aria-label': `Bill the expense ${e.description}` } }}
                    />
                  ),
                },
                { header: 'Date', render: (e) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDay(e.date)}</Box> },
                { header: 'Description', render: (e) => e.description },
                {
                  header: 'Quantity',
                  align: 'right',
                  hideOnMobile: true,
                  render: (e) => milliToDecimal(e.quantity_milli),
                },
                { header: 'Unit', align: 'right', hideOnMobile: true, render: (e) => money(e.amount_minor, currency) },
                { header: 'Tax', align: 'right', hideOnMobile: true, render: (e) => percent(e.tax_rate_milli) },
                { header: 'Amount', align: 'right', render: (e) => money(amountOfExpense(e), currency) },
              ]}
              rows={expenses}
              rowKey={(e) => e.id}
            />
          </Part>
          <Part
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
            {lines.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                None. A discount is an amount, or a percentage of the other lines.
              </Typography>
            )}
            {lines.map((l, i) => {
              const error = (field: string) => errors[`lines.${i}.${field}`] || undefined;
              const name = l.kind === 'discount' ? `Discount ${i + 1}` : `Fixed fee ${i + 1}`;
              const computed = typedLine(l);
              return (
                <Paper
                  key={l.key}
                  variant="outlined"
                  role="group"
                  aria-label={name}
                  sx={{
                    p: 1.5,
                    display: 'grid',
                    gap: 1.5,
                    alignItems: 'start',
                    gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(0, 3fr) repeat(3, minmax(0, 1fr)) auto auto' },
                  }}
                >
                  <TextField
                    size="small"
                    label={l.kind === 'discount' ? 'Discount description' : 'Fixed fee description'}
                    value={l.description}
                    onChange={(event) => setLine(l.key, { description: event.target.value })}
                    error={Boolean(error('description'))}
                    helperText={error('description')}
                    sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
                  />
                  {l.kind === 'discount' ? (
                    <TextField
                      size="small"
                      label="Percent (%)"
                      value={l.discount_percent}
                      onChange={(event) => setLine(l.key, { discount_percent: event.target.value })}
                      error={Boolean(error('discount_percent'))}
                      helperText={error('discount_percent') ?? 'Or an amount'}
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    />
                  ) : (
                    <TextField
                      size="small"
                      label="Quantity"
                      value={l.quantity}
                      onChange={(event) => setLine(l.key, { quantity: event.target.value })}
                      error={Boolean(error('quantity'))}
                      helperText={error('quantity')}
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    />
                  )}
                  <TextField
                    size="small"
                    label={l.kind === 'discount' ? `Amount (${currency})` : `Unit price (${currency})`}
                    value={l.unit_price}
                    disabled={l.kind === 'discount' && l.discount_percent.trim() !== ''}
                    onChange={(event) => setLine(l.key, { unit_price: event.target.value })}
                    error={Boolean(error('unit_price'))}
                    helperText={error('unit_price')}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                  <TextField
                    size="small"
                    label="Tax (%)"
                    value={l.tax_rate}
                    onChange={(event) => setLine(l.key, { tax_rate: event.target.value })}
                    error={Boolean(error('tax_rate'))}
                    helperText={error('tax_rate')}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                  <Typography
                    variant="body2"
                    sx={{
                      alignSelf: 'center',
                      textAlign: 'right',
                      fontVariantNumeric: 'tabular-nums',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {computed ? money(amountOfTyped(computed), currency) : '—'}
                  </Typography>
                  <IconButton
                    aria-label={`Remove ${name}`}
                    onClick={() => setLines((old) => old.filter((x) => x.key !== l.key))}
                    sx={{ justifySelf: 'end' }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Paper>
              );
            })}
          </Part>
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

/** A titled part of the form. */
function Part({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-label={title} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
      {intro && (
        <Typography variant="body2" color="text.secondary">
          {intro}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/** Subtotal, tax and total, right-aligned (the draft's live totals and the invoice's totals). */
export function Totals({
  currency,
  subtotal,
  tax,
  total,
  extra = [],
}: {
  currency: string;
  subtotal: number;
  tax: number;
  total: number;
  /** More rows under the total (paid, credited, balance due). */
  extra?: readonly { label: string; minor: number; strong?: boolean }[];
}) {
  const rows = [
    { label: 'Subtotal', minor: subtotal },
    { label: 'Tax', minor: tax },
    { label: 'Total', minor: total, strong: true },
    ...extra,
  ];
  return (
    <Box
      component="dl"
      aria-label="Totals"
      data-testid="invoice-totals"
      sx={{
        m: 0,
        justifySelf: 'end',
        display: 'grid',
        gridTemplateColumns: 'auto auto',
        columnGap: 3,
        rowGap: 0.5,
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {rows.map((r) => (
        <Box key={r.label} sx={{ display: 'contents', '& > *': { fontWeight: r.strong ? 700 : undefined } }}>
          <Typography component="dt" variant="body2">
            {r.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
            {money(r.minor, currency)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
