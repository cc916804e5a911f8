import {
  accountBody,
  INVOICE_CURRENCIES,
  INVOICE_SETTINGS_DEFAULTS,
  type InvoiceSettings,
  invoiceMessages as M,
  parseMoney,
  toDecimalString,
  type ClientAccount,
} from '@lexdesk/contract';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { usePickerSearch } from '../../ui/usePickerSearch.ts';
import { useTextFields } from '../../ui/useTextFields.ts';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { fetchCases, type CaseChoice } from './cases.ts';
import { createAccount, fetchInvoiceSettings, updateAccount } from './api.ts';

type Field =
  | 'name'
  | 'billing_address'
  | 'email'
  | 'tax_number'
  | 'currency'
  | 'hourly_rate'
  | 'payment_terms_days'
  | 'ledes_client_id';

/**
 * New / Edit client account: name, billing address, email, tax number, currency, default hourly rate, payment
 * terms, LEDES client id, and the cases it bills (a case bills to one account). Checked with the contract's
 * `accountBody` before it is sent.
 */
export function AccountFormDialog({ account, onClose }: { account?: ClientAccount; onClose: () => void }) {
  // A new account starts in the firm's own currency (its invoice settings), not the contract's default.
  const settings = useQuery({
    queryKey: queryKeys.invoices.settings,
    queryFn: ({ signal }) => fetchInvoiceSettings(signal),
    enabled: !account,
  });
  if (!account && settings.isPending) return null;
  return <AccountForm account={account} defaults={settings.data ?? INVOICE_SETTINGS_DEFAULTS} onClose={onClose} />;
}

function AccountForm({
  account,
  defaults,
  onClose,
}: {
  account: ClientAccount | undefined;
  defaults: Pick<InvoiceSettings, 'default_currency'>;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { values, errors, setErrors, field } = useTextFields<Field, 'case_ids'>({
    name: account?.name ?? '',
    billing_address: account?.billing_address ?? '',
    email: account?.email ?? '',
    tax_number: account?.tax_number ?? '',
    currency: account?.currency ?? defaults.default_currency,
    hourly_rate: account ? toDecimalString(account.hourly_rate_minor, account.currency) : '',
    payment_terms_days: String(account?.payment_terms_days ?? INVOICE_SETTINGS_DEFAULTS.payment_terms_days),
    ledes_client_id: account?.ledes_client_id ?? '',
  });
  const [cases, setCases] = useState<CaseChoice[]>(account?.cases ?? []);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof accountBody.parse>) =>
      account ? updateAccount(account.id, body) : createAccount(body),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || (account ? M.accountUpdated : M.accountCreated), { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all });
      onClose();
    },
    onError: (failure) => setRefusal(refusalText(failure)),
  });
  const submit = () => {
    setRefusal(null);
    const terms = values.payment_terms_days.trim();
    const parsed = accountBody.safeParse({
      ...values,
      hourly_rate: values.hourly_rate.trim() || '0',
      payment_terms_days: terms === '' ? Number.NaN : Number(terms),
      case_ids: cases.map((c) => c.id),
    });
    const found: typeof errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
    // The currency's own places (JPY has none): what the server checks too.
    if (!found.hourly_rate && parseMoney(values.hourly_rate.trim() || '0', values.currency) === null)
      found.hourly_rate = M.amountInvalid;
    setErrors(found);
    if (parsed.success && Object.keys(found).length === 0) save.mutate(parsed.data);
  };
  return (
    <FormDialog
      title={account ? 'Edit client account' : 'New client account'}
      submitLabel={account ? 'Save' : 'Create'}
      save={{ busy: save.isPending, refusal, submit }}
      onClose={onClose}
    >
      <TextField label="Client name" required autoFocus {...field('name')} sx={{ gridColumn: '1 / -1' }} />
      <TextField
        label="Billing address"
        multiline
        minRows={2}
        {...field('billing_address')}
        sx={{ gridColumn: '1 / -1' }}
      />
      <TextField label="Email" type="email" {...field('email')} />
      <TextField label="Tax number" {...field('tax_number')} />
      <TextField select label="Currency" {...field('currency')}>
        {INVOICE_CURRENCIES.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Hourly rate"
        {...field('hourly_rate')}
        helperText={errors.hourly_rate ?? 'The default rate of its time, such as 250.00'}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        label="Payment terms (days)"
        type="number"
        {...field('payment_terms_days')}
        helperText={errors.payment_terms_days ?? 'Due date = issue date + these days'}
      />
      <TextField
        label="LEDES client id"
        {...field('ledes_client_id')}
        helperText={errors.ledes_client_id ?? 'For corporate clients billed in LEDES 1998B'}
      />
      <CasesPicker
        value={cases}
        onChange={(next) => {
          setCases(next);
          setErrors((old) => ({ ...old, case_ids: undefined }));
        }}
        error={errors.case_ids}
      />
    </FormDialog>
  );
}

/** The cases an account bills: the organisation's cases, searched as typed (the case list's own call). */
function CasesPicker({
  value,
  onChange,
  error,
}: {
  value: CaseChoice[];
  onChange: (next: CaseChoice[]) => void;
  error?: string;
}) {
  const { search, onInputChange } = usePickerSearch();
  const found = useQuery({
    queryKey: queryKeys.invoices.cases(search),
    queryFn: ({ signal }) => fetchCases(search, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Autocomplete<CaseChoice, true>
      multiple
      disableCloseOnSelect
      options={found.data ?? []}
      value={value}
      loading={found.isFetching}
      getOptionLabel={(c) => c.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(all) => all}
      filterSelectedOptions
      noOptionsText="No cases found"
      onInputChange={onInputChange}
      onChange={(_event, picked) => onChange(picked)}
      sx={{ gridColumn: '1 / -1' }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Cases"
          error={Boolean(error)}
          helperText={error ?? 'Their approved time and expenses bill to this account.'}
        />
      )}
    />
  );
}
