import type { InvoiceRow } from '@lexdesk/contract';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { formatDay } from '../../ui/dates.ts';
import { SimpleTable } from '../../ui/SimpleTable.tsx';
import { InvoiceStatusChip } from './invoiceChips.tsx';
import { money } from './money.ts';
import { invoicePath } from './paths.ts';

/** The number an invoice shows: its number once issued, 'Draft #id' before. */
export const invoiceName = (row: { number: string | null; id: number; kind: string }) =>
  row.number ?? `Draft #${row.id}`;

/** A short list of invoices the server sends whole (the dashboard's recent invoices). */
export function InvoiceTable({ label, rows, empty }: { label: string; rows: readonly InvoiceRow[]; empty: string }) {
  return (
    <SimpleTable<InvoiceRow>
      label={label}
      empty={empty}
      columns={[
        {
          header: 'Number',
          render: (r) => (
            <Link component={RouterLink} to={invoicePath(r.id)} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {invoiceName(r)}
            </Link>
          ),
        },
        { header: 'Client', render: (r) => r.account_name },
        { header: 'Issued', hideOnMobile: true, render: (r) => formatDay(r.issue_date) || '—' },
        { header: 'Due', hideOnMobile: true, render: (r) => formatDay(r.due_date) || '—' },
        { header: 'Total', align: 'right', render: (r) => money(r.total_minor, r.currency) },
        { header: 'Balance', align: 'right', hideOnMobile: true, render: (r) => money(r.balance_minor, r.currency) },
        { header: 'Status', render: (r) => <InvoiceStatusChip status={r.status} overdue={r.overdue} /> },
      ]}
      rows={rows}
      rowKey={(r) => r.id}
    />
  );
}
