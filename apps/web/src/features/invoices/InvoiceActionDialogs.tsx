import {
  creditNoteBody,
  invoiceMessages as M,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  paymentBody,
  sendInvoiceBody,
  toDecimalString,
  type InvoiceDetail,
} from '@lexdesk/contract';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTextFields } from '../../ui/useTextFields.ts';
import { refusalText } from '../../api/client.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { issueCreditNote, recordPayment, sendInvoice } from './api.ts';
import { invoiceName } from './InvoiceTable.tsx';
import { money } from './money.ts';

const today = () => dayjs().format('YYYY-MM-DD');
type Errors = Record<string, string | undefined>;
const errorsOf = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
  const found: Errors = {};
  for (const issue of issues) found[String(issue.path[0])] ??= issue.message;
  return found;
};

/** Record payment: the date, the amount (the balance due by default), the method and a reference. */
export function PaymentDialog({
  invoice,
  onClose,
  onSaved,
}: {
  invoice: InvoiceDetail;
  onClose: () => void;
  onSaved: (answer: { invoice: InvoiceDetail }) => Promise<void>;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const { values, setErrors, field } = useTextFields({
    date: today(),
    amount: toDecimalString(invoice.balance_minor, invoice.currency),
    method: 'bank_transfer',
    reference: '',
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof paymentBody.parse>) => recordPayment(invoice.id, body),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || M.paymentRecorded, { variant: 'success' });
      await onSaved(answer);
      onClose();
    },
    onError: (failure) => setRefusal(refusalText(failure)),
  });
  const submit = () => {
    setRefusal(null);
    const parsed = paymentBody.safeParse(values);
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues));
    setErrors({});
    save.mutate(parsed.data);
  };
  return (
    <FormDialog
      title="Record payment"
      submitLabel="Record payment"
      save={{ busy: save.isPending, refusal, submit }}
      onClose={onClose}
    >
      <DialogContentText sx={{ gridColumn: '1 / -1' }}>
        {invoiceName(invoice)}: {money(invoice.balance_minor, invoice.currency)} due.
      </DialogContentText>
      <TextField label="Date" type="date" required slotProps={{ inputLabel: { shrink: true } }} {...field('date')} />
      <TextField
        label={`Amount (${invoice.currency})`}
        required
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        {...field('amount')}
      />
      <TextField select label="Method" {...field('method')}>
        {PAYMENT_METHODS.map((m) => (
          <MenuItem key={m} value={m}>
            {PAYMENT_METHOD_LABELS[m]}
          </MenuItem>
        ))}
      </TextField>
      <TextField label="Reference" {...field('reference')} />
    </FormDialog>
  );
}

/** Credit note: the reason and the lines it credits (all by default); issued at once in its own series. */
export function CreditNoteDialog({
  invoice,
  onClose,
  onSaved,
}: {
  invoice: InvoiceDetail;
  onClose: () => void;
  onSaved: (creditNoteId: number) => Promise<void>;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [reason, setReason] = useState('');
  const [lineIds, setLineIds] = useState<Set<number>>(() => new Set(invoice.lines.map((l) => l.id)));
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof creditNoteBody.parse>) => issueCreditNote(invoice.id, body),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail, { variant: 'success' });
      await onSaved(answer.invoice.id);
    },
    onError: (failure) => setRefusal(refusalText(failure)),
  });
  const submit = () => {
    setRefusal(null);
    if (lineIds.size === 0) return setRefusal(M.unknownLine);
    const all = lineIds.size === invoice.lines.length;
    const parsed = creditNoteBody.safeParse({ reason, ...(all ? {} : { line_ids: [...lineIds] }) });
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues));
    setErrors({});
    save.mutate(parsed.data);
  };
  return (
    <FormDialog
      title="Issue a credit note"
      submitLabel="Issue credit note"
      save={{ busy: save.isPending, refusal, submit }}
      onClose={onClose}
      columns={1}
    >
      <DialogContentText>
        A credit note corrects {invoiceName(invoice)} without changing it: it is issued at once, with its own number,
        and reduces the balance due.
      </DialogContentText>
      <TextField
        label="Reason"
        required
        multiline
        minRows={2}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setErrors({});
        }}
        error={Boolean(errors.reason)}
        helperText={errors.reason}
      />
      <FormGroup>
        <FormLabel component="legend">Lines to credit</FormLabel>
        {invoice.lines.map((l) => (
          <FormControlLabel
            key={l.id}
            control={
              <Checkbox
                checked={lineIds.has(l.id)}
                onChange={() =>
                  setLineIds((old) => {
                    const next = new Set(old);
                    if (next.has(l.id)) next.delete(l.id);
                    else next.add(l.id);
                    return next;
                  })
                }
              />
            }
            label={`${l.description} — ${money(l.amount_minor + l.tax_minor, invoice.currency)}`}
          />
        ))}
      </FormGroup>
    </FormDialog>
  );
}

/** Send by email: to the account's address (or another), with a message; the stored PDF is attached. */
export function SendDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [to, setTo] = useState(invoice.account.email);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: { to?: string; message?: string }) => sendInvoice(invoice.id, body),
    onSuccess: (answer) => {
      enqueueSnackbar(answer.detail, { variant: 'success' });
      onClose();
    },
    onError: (failure) => setRefusal(refusalText(failure)),
  });
  const submit = () => {
    setRefusal(null);
    if (!to.trim()) return setErrors({ to: M.noRecipient });
    const parsed = sendInvoiceBody.safeParse({ to, ...(message.trim() ? { message } : {}) });
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues));
    setErrors({});
    send.mutate(parsed.data);
  };
  return (
    <FormDialog
      title="Send by email"
      submitLabel="Send"
      save={{ busy: send.isPending, refusal, submit }}
      onClose={onClose}
      columns={1}
    >
      <DialogContentText>{invoiceName(invoice)} goes as a PDF attachment.</DialogContentText>
      <TextField
        label="To"
        type="email"
        required
        value={to}
        onChange={(event) => {
          setTo(event.target.value);
          setErrors({});
        }}
        error={Boolean(errors.to)}
        helperText={errors.to}
      />
      <TextField
        label="Message"
        multiline
        minRows={3}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        error={Boolean(errors.message)}
        helperText={errors.message}
      />
    </FormDialog>
  );
}
