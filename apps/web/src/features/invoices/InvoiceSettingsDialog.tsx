import {
  INVOICE_CURRENCIES,
  invoiceMessages as M,
  invoiceSettingsBody,
  milliToDecimal,
  type InvoiceSettings,
} from '@lexdesk/contract';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTextFields } from '../../ui/useTextFields.ts';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { fetchInvoiceSettings, saveInvoiceSettings } from './api.ts';

type Field =
  | 'firm_address'
  | 'firm_tax_number'
  | 'ledes_firm_id'
  | 'default_tax_rate'
  | 'default_currency'
  | 'invoice_prefix'
  | 'credit_note_prefix';

/** Staff set what every invoice of the organisation carries (GET/PUT invoice/settings/). */
export function InvoiceSettingsDialog({ onClose }: { onClose: () => void }) {
  const current = useQuery({
    queryKey: queryKeys.invoices.settings,
    queryFn: ({ signal }) => fetchInvoiceSettings(signal),
  });
  if (!current.data) return null;
  return <SettingsForm initial={current.data} onClose={onClose} />;
}

function SettingsForm({ initial, onClose }: { initial: InvoiceSettings; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { values, setErrors, field } = useTextFields<Field>({
    firm_address: initial.firm_address,
    firm_tax_number: initial.firm_tax_number,
    ledes_firm_id: initial.ledes_firm_id,
    default_tax_rate: milliToDecimal(initial.default_tax_rate_milli),
    default_currency: initial.default_currency,
    invoice_prefix: initial.invoice_prefix,
    credit_note_prefix: initial.credit_note_prefix,
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveInvoiceSettings,
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || M.settingsSaved, { variant: 'success' });
      queryClient.setQueryData(queryKeys.invoices.settings, answer.settings);
      await queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all });
      onClose();
    },
    onError: (failure) => setRefusal(refusalText(failure)),
  });
  const submit = () => {
    setRefusal(null);
    const parsed = invoiceSettingsBody.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  return (
    <FormDialog
      title="Invoice settings"
      submitLabel="Save"
      save={{ busy: save.isPending, refusal, submit }}
      onClose={onClose}
    >
      <DialogContentText sx={{ gridColumn: '1 / -1' }}>
        What every invoice of {initial.firm_name} carries. Time rounds up to the {initial.billing_increment_minutes}
        -minute billing increment of the task tracker's timer settings.
      </DialogContentText>
      <TextField label="Firm address" multiline minRows={2} {...field('firm_address')} sx={{ gridColumn: '1 / -1' }} />
      <TextField label="Firm tax number" {...field('firm_tax_number')} />
      <TextField label="LEDES firm id" {...field('ledes_firm_id')} />
      <TextField
        label="Default tax rate (%)"
        {...field('default_tax_rate', 'Such as 20 or 9.975')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField select label="Default currency" {...field('default_currency')}>
        {INVOICE_CURRENCIES.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
      <TextField label="Invoice prefix" {...field('invoice_prefix', 'INV- gives INV-1, INV-2...')} />
      <TextField label="Credit note prefix" {...field('credit_note_prefix', 'CN- gives CN-1, CN-2...')} />
    </FormDialog>
  );
}
