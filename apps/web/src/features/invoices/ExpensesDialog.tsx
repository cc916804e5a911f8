import {
  expenseBody,
  invoiceMessages as M,
  milliToDecimal,
  parseMoney,
  toDecimalString,
  type ClientAccount,
  type Expense,
} from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTextFields } from '../../ui/useTextFields.ts';
import { Link as RouterLink } from 'react-router';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { formatDay } from '../../ui/dates.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { createExpense, deleteExpense, fetchExpenses, updateExpense } from './api.ts';
import { money, percent } from './money.ts';
import { invoicePath } from './paths.ts';

/** An account's expenses (disbursements: court fees, travel...), billed or not; staff add, edit and delete them. */
export function ExpensesDialog({
  account,
  manage,
  onClose,
}: {
  account: ClientAccount;
  manage: boolean;
  onClose: () => void;
}) {
  const paging = usePaging();
  const [editing, setEditing] = useState<Expense | 'new' | null>(null);
  const params = { page_no: paging.pageNo, limits: paging.limits, account_id: account.id };
  const list = useQuery({
    queryKey: queryKeys.invoices.expenses(params),
    queryFn: ({ signal }) => fetchExpenses(params, signal),
    placeholderData: keepPreviousData,
  });
  const rows = useRowDelete((row: Expense) => deleteExpense(row.id), [queryKeys.invoices.accounts], M.expenseDeleted);
  const columns: DataTableColumn<Expense>[] = [
    { key: 'date', header: 'Date', render: (e) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDay(e.date)}</Box> },
    {
      key: 'description',
      header: 'Description',
      minWidth: 160,
      render: (e) => (
        <Box sx={{ display: 'grid' }}>
          <span>{e.description}</span>
          {e.case_title && (
            <Typography variant="caption" color="text.secondary">
              {e.case_title}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      key: 'quantity',
      header: 'Quantity × unit',
      hideOnMobile: true,
      render: (e) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          {milliToDecimal(e.quantity_milli)} × {money(e.amount_minor, e.currency)}
        </Box>
      ),
    },
    { key: 'tax', header: 'Tax', hideOnMobile: true, render: (e) => percent(e.tax_rate_milli) },
    {
      key: 'total',
      header: 'Amount',
      render: (e) => <Box sx={{ whiteSpace: 'nowrap' }}>{money(e.total_minor, e.currency)}</Box>,
    },
    {
      key: 'invoice',
      header: 'Billed on',
      render: (e) =>
        e.invoice_id === null ? (
          'Not billed'
        ) : (
          <Link component={RouterLink} to={invoicePath(e.invoice_id)}>
            {e.invoice_number ?? 'a draft'}
          </Link>
        ),
    },
    ...(manage
      ? [
          {
            key: 'actions',
            header: 'Actions',
            width: 80,
            render: (e: Expense) =>
              e.invoice_id === null ? (
                <RowActions
                  label={`Actions for the expense ${e.description}`}
                  actions={[
                    { label: 'Edit', onClick: () => setEditing(e) },
                    { label: 'Delete', onClick: () => rows.setDeleting(e) },
                  ]}
                />
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <TitledDialog open title={`Expenses of ${account.name}`} maxWidth="md" onClose={onClose}>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        {manage && (
          <Box>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Add expense
            </Button>
          </Box>
        )}
        <DataTable
          label="Expenses"
          columns={columns}
          getRowId={(e) => e.id}
          {...pagedTableProps(paging, list, { quietRefetch: true })}
        />
        {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {editing && (
        <ExpenseFormDialog
          account={account}
          expense={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <RowDeleteDialog rows={rows} item="expense" />
    </TitledDialog>
  );
}

type Field = 'date' | 'description' | 'amount' | 'quantity' | 'tax_rate' | 'case_id';

function ExpenseFormDialog({
  account,
  expense,
  onClose,
}: {
  account: ClientAccount;
  expense?: Expense;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { values, setErrors, field } = useTextFields<Field>({
    date: expense?.date ?? dayjs().format('YYYY-MM-DD'),
    description: expense?.description ?? '',
    amount: expense ? toDecimalString(expense.amount_minor, account.currency) : '',
    quantity: expense ? milliToDecimal(expense.quantity_milli) : '1',
    tax_rate: expense ? milliToDecimal(expense.tax_rate_milli) : '0',
    case_id: expense?.case_id ? String(expense.case_id) : '',
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof expenseBody.parse>) =>
      expense ? updateExpense(expense.id, body) : createExpense(body),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || (expense ? M.expenseUpdated : M.expenseCreated), { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.invoices.accounts });
      onClose();
    },
    onError: (failure) => setRefusal(refusalText(failure)),
  });
  const submit = () => {
    setRefusal(null);
    const parsed = expenseBody.safeParse({
      ...values,
      account_id: account.id,
      case_id: values.case_id ? Number(values.case_id) : null,
    });
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
    if (!found.amount && parseMoney(values.amount, account.currency) === null) found.amount = M.amountInvalid;
    setErrors(found);
    if (parsed.success && Object.keys(found).length === 0) save.mutate(parsed.data);
  };
  return (
    <FormDialog
      title={expense ? 'Edit expense' : 'Add expense'}
      submitLabel={expense ? 'Save' : 'Add'}
      save={{ busy: save.isPending, refusal, submit }}
      onClose={onClose}
    >
      <TextField label="Description" required autoFocus {...field('description')} sx={{ gridColumn: '1 / -1' }} />
      <TextField label="Date" type="date" required slotProps={{ inputLabel: { shrink: true } }} {...field('date')} />
      <TextField
        select
        label="Case"
        {...field('case_id')}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">No case</MenuItem>
        {account.cases.map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {c.title}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={`Unit cost (${account.currency})`}
        required
        {...field('amount')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField label="Quantity" {...field('quantity')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <TextField label="Tax (%)" {...field('tax_rate')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
    </FormDialog>
  );
}
