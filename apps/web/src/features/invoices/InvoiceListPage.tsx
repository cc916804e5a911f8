import {
  INVOICE_STATUS_FILTERS,
  INVOICE_STATUS_LABELS,
  invoiceListQuery,
  type InvoiceExportFormat,
  type InvoiceRow,
  type InvoiceStatusFilter,
} from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { formatDay } from '../../ui/dates.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { DownloadDialog } from '../../ui/DownloadDialog.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { useDownload } from '../../ui/useDownload.ts';
import { CasePicker, type CaseChoice } from '../tasks/index.ts';
import { AccountPicker, type AccountChoice } from './AccountPicker.tsx';
import { fetchInvoices, INVOICE_EXPORT_PATH } from './api.ts';
import { DraftDialog } from './DraftDialog.tsx';
import { CreditNoteChip, InvoiceStatusChip } from './invoiceChips.tsx';
import { InvoiceFrame, useCanManage } from './InvoiceFrame.tsx';
import { invoiceName } from './InvoiceTable.tsx';
import { money } from './money.ts';
import { invoicePath } from './paths.ts';

/**
 * /invoicelist: every invoice and credit note of the organisation, filtered by status (Overdue included), client,
 * case and issue dates, searched by number or client; export .xlsx / .csv of what the filters select; staff start
 * a new invoice here.
 */
export function InvoiceListPage() {
  const manage = useCanManage();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <InvoiceFrame
      title="Invoices"
      intro="Invoices and credit notes, with what is still due on each."
      actions={
        manage && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            New invoice
          </Button>
        )
      }
    >
      <InvoiceList />
      {creating && (
        <DraftDialog
          onClose={() => setCreating(false)}
          onSaved={(id) => {
            setCreating(false);
            void navigate(invoicePath(id));
          }}
        />
      )}
    </InvoiceFrame>
  );
}

function InvoiceList() {
  const paging = usePaging();
  const navigate = useNavigate();
  const download = useDownload();
  const [status, setStatus] = useState<InvoiceStatusFilter | ''>('');
  const [account, setAccount] = useState<AccountChoice | null>(null);
  const [caseChoice, setCaseChoice] = useState<CaseChoice | null>(null);
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const filters = {
    status: status || undefined,
    account_id: account?.id,
    case_id: caseChoice?.id,
    date_from: dateFrom || undefined,
    date_to: dateTo || undefined,
    search_key: paging.search || undefined,
  };
  const params = { page_no: paging.pageNo, limits: paging.limits, ...filters };
  // The dates are checked here with the contract's rule, so a reversed range says so instead of asking.
  const checked = invoiceListQuery.safeParse(params);
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? null);
  const list = useQuery({
    queryKey: queryKeys.invoices.list(params),
    queryFn: ({ signal }) => fetchInvoices(params, signal),
    enabled: checked.success,
    placeholderData: keepPreviousData,
  });
  const set =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      paging.setPageNo(1);
    };
  const exportAs = (format: InvoiceExportFormat) => void download.start(INVOICE_EXPORT_PATH, { ...filters, format });

  const columns: DataTableColumn<InvoiceRow>[] = [
    {
      key: 'number',
      header: 'Number',
      render: (row) => (
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
          <Link
            component={RouterLink}
            to={invoicePath(row.id)}
            onClick={(event) => event.stopPropagation()}
            sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
          >
            {invoiceName(row)}
          </Link>
          {row.kind === 'credit_note' && <CreditNoteChip />}
        </Box>
      ),
    },
    { key: 'client', header: 'Client', minWidth: 140, render: (row) => row.account_name },
    { key: 'case', header: 'Case', hideOnMobile: true, minWidth: 140, render: (row) => row.case_title ?? '—' },
    {
      key: 'issued',
      header: 'Issued',
      hideOnMobile: true,
      render: (row) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDay(row.issue_date) || '—'}</Box>,
    },
    {
      key: 'due',
      header: 'Due',
      hideOnMobile: true,
      render: (row) => (
        <Box
          sx={{
            whiteSpace: 'nowrap',
            color: row.overdue ? 'error.main' : undefined,
            fontWeight: row.overdue ? 700 : undefined,
          }}
        >
          {formatDay(row.due_date) || '—'}
        </Box>
      ),
    },
    {
      key: 'total',
      header: 'Total',
      render: (row) => (
        <Box sx={{ whiteSpace: 'nowrap', textAlign: 'right' }}>{money(row.total_minor, row.currency)}</Box>
      ),
    },
    {
      key: 'balance',
      header: 'Balance',
      hideOnMobile: true,
      render: (row) => (
        <Box sx={{ whiteSpace: 'nowrap', textAlign: 'right' }}>{money(row.balance_minor, row.currency)}</Box>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (row) => <InvoiceStatusChip status={row.status} overdue={row.overdue} />,
    },
  ];

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
        <Box sx={{ flex: '1 1 280px', maxWidth: 480 }}>
          <SearchField label="Search invoices" onSearch={paging.setSearch} />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button startIcon={<DownloadIcon />} onClick={() => exportAs('xlsx')} disabled={!checked.success}>
            Export .xlsx
          </Button>
          <Button startIcon={<DownloadIcon />} onClick={() => exportAs('csv')} disabled={!checked.success}>
            Export .csv
          </Button>
        </Box>
      </Box>
      <Box
        role="group"
        aria-label="Filters"
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr))',
          },
          alignItems: 'start',
        }}
      >
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(event) => set(setStatus)(event.target.value as InvoiceStatusFilter | '')}
        >
          <MenuItem value="">Any status</MenuItem>
          {INVOICE_STATUS_FILTERS.map((s) => (
            <MenuItem key={s} value={s}>
              {INVOICE_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <AccountPicker size="small" value={account} onChange={set(setAccount)} />
        <CasePicker size="small" value={caseChoice} onChange={set(setCaseChoice)} />
        <TextField
          type="date"
          size="small"
          label="Issued from"
          value={dateFrom}
          onChange={(event) => set(setDateFrom)(event.target.value)}
          error={problem !== null}
          helperText={problem}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label="Issued to"
          value={dateTo}
          onChange={(event) => set(setDateTo)(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <DataTable
        label="Invoices"
        columns={columns}
        getRowId={(row) => row.id}
        onRowClick={(row) => void navigate(invoicePath(row.id))}
        {...pagedTableProps(paging, list, { quietRefetch: true })}
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      <DownloadDialog
        open={download.progress !== null}
        title="Exporting"
        progress={download.progress ?? 0}
        onDone={download.done}
      />
    </>
  );
}
