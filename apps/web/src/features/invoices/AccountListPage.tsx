import { invoiceMessages as M, type ClientAccount } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { DataTable, nameColumn, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { AccountFormDialog } from './AccountFormDialog.tsx';
import { deleteAccount, fetchAccounts } from './api.ts';
import { ExpensesDialog } from './ExpensesDialog.tsx';
import { InvoiceFrame, useCanManage } from './InvoiceFrame.tsx';
import { money } from './money.ts';

/**
 * /accountlist: the client accounts — who is billed, in which currency at which rate and terms, for which cases —
 * with what each was invoiced, has paid and still owes; staff create, edit and delete them; each account's
 * expenses open from its row.
 */
export function AccountListPage() {
  const manage = useCanManage();
  const [creating, setCreating] = useState(false);
  return (
    <InvoiceFrame
      title="Client Accounts"
      intro="Who you bill, for which cases, and what each owes."
      actions={
        manage && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            New client account
          </Button>
        )
      }
    >
      <AccountList manage={manage} />
      {creating && <AccountFormDialog onClose={() => setCreating(false)} />}
    </InvoiceFrame>
  );
}

const amount = (minor: number, currency: string) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
    {money(minor, currency)}
  </Box>
);

function AccountList({ manage }: { manage: boolean }) {
  const paging = usePaging();
  const [editing, setEditing] = useState<ClientAccount | null>(null);
  const [expensesOf, setExpensesOf] = useState<ClientAccount | null>(null);
  const params = { page_no: paging.pageNo, limits: paging.limits, search_key: paging.search || undefined };
  const list = useQuery({
    queryKey: queryKeys.invoices.accountList(params),
    queryFn: ({ signal }) => fetchAccounts(params, signal),
    placeholderData: keepPreviousData,
  });
  const rows = useRowDelete((row: ClientAccount) => deleteAccount(row.id), [queryKeys.invoices.all], M.accountDeleted);
  const columns: DataTableColumn<ClientAccount>[] = [
    nameColumn('Client', 160, (row) => row.name),
    {
      key: 'cases',
      header: 'Cases',
      hideOnMobile: true,
      noWrap: true,
      render: (row) => row.cases.map((c) => c.title).join(', ') || '—',
    },
    {
      key: 'terms',
      header: 'Rate · terms',
      hideOnMobile: true,
      render: (row) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          {money(row.hourly_rate_minor, row.currency)}/h · {row.payment_terms_days} days
        </Box>
      ),
    },
    {
      key: 'invoiced',
      header: 'Invoiced',
      hideOnMobile: true,
      render: (row) => amount(row.invoiced_minor, row.currency),
    },
    { key: 'paid', header: 'Paid', hideOnMobile: true, render: (row) => amount(row.paid_minor, row.currency) },
    { key: 'outstanding', header: 'Outstanding', render: (row) => amount(row.outstanding_minor, row.currency) },
    {
      key: 'actions',
      header: 'Actions',
      width: 80,
      render: (row) => (
        <RowActions
          label={`Actions for ${row.name}`}
          actions={[
            { label: 'Expenses', onClick: () => setExpensesOf(row) },
            ...(manage
              ? [
                  { label: 'Edit', onClick: () => setEditing(row) },
                  { label: 'Delete', onClick: () => rows.setDeleting(row) },
                ]
              : []),
          ]}
        />
      ),
    },
  ];
  return (
    <>
      <SearchField label="Search client accounts" onSearch={paging.setSearch} />
      <DataTable
        label="Client accounts"
        columns={columns}
        getRowId={(row) => row.id}
        onRowClick={(row) => (manage ? setEditing(row) : setExpensesOf(row))}
        {...pagedTableProps(paging, list, { quietRefetch: true })}
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      {editing && <AccountFormDialog account={editing} onClose={() => setEditing(null)} />}
      {expensesOf && <ExpensesDialog account={expensesOf} manage={manage} onClose={() => setExpensesOf(null)} />}
      <RowDeleteDialog rows={rows} item="client account" />
    </>
  );
}
