import { type InvoiceSummary } from '@lexdesk/contract';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ChartFrame, useChartTheme } from '../../ui/ChartFrame.tsx';
import { Figure } from '../../ui/Figure.tsx';
import { SimpleTable } from '../../ui/SimpleTable.tsx';
import { fetchInvoiceSummary } from './api.ts';
import { InvoiceFrame, useCanManage } from './InvoiceFrame.tsx';
import { InvoiceSettingsDialog } from './InvoiceSettingsDialog.tsx';
import { InvoiceTable } from './InvoiceTable.tsx';
import { money } from './money.ts';

type CurrencySummary = InvoiceSummary['currencies'][number];

/**
 * /invoicemain: what clients owe (outstanding, overdue), what came in this month, the ageing of what is due (a
 * chart with its numbers) and the latest invoices. Amounts of different currencies never add up: one currency at a
 * time, chosen when the organisation bills in several.
 */
export function InvoiceDashboardPage() {
  const manage = useCanManage();
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <InvoiceFrame
      title="Invoice Dashboard"
      intro="What clients owe and what came in, from the organisation's invoices."
      actions={
        manage && (
          <Button variant="outlined" startIcon={<SettingsIcon />} onClick={() => setSettingsOpen(true)}>
            Invoice settings
          </Button>
        )
      }
    >
      <Dashboard />
      {settingsOpen && <InvoiceSettingsDialog onClose={() => setSettingsOpen(false)} />}
    </InvoiceFrame>
  );
}

function Dashboard() {
  const summary = useQuery({
    queryKey: queryKeys.invoices.summary,
    queryFn: ({ signal }) => fetchInvoiceSummary(signal),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const data = summary.data;
  if (summary.isError) return <Typography color="error">{refusalText(summary.error)}</Typography>;
  if (!data) return <Typography color="text.secondary">Loading data...</Typography>;
  const current = data.currencies.find((c) => c.currency === chosen) ?? data.currencies[0];
  return (
    <>
      {data.currencies.length > 1 && (
        <TextField
          select
          size="small"
          label="Currency"
          value={current?.currency ?? ''}
          onChange={(event) => setChosen(event.target.value)}
          sx={{ maxWidth: 200 }}
        >
          {data.currencies.map((c) => (
            <MenuItem key={c.currency} value={c.currency}>
              {c.currency}
            </MenuItem>
          ))}
        </TextField>
      )}
      {current ? (
        <>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}>
            <Figure
              label={`Outstanding (${current.outstanding_count})`}
              value={money(current.outstanding_minor, current.currency)}
            />
            <Figure
              label={`Overdue (${current.overdue_count})`}
              value={money(current.overdue_minor, current.currency)}
            />
            <Figure label="Paid this month" value={money(current.paid_this_month_minor, current.currency)} />
          </Box>
          <AgeingChart summary={current} />
        </>
      ) : (
        <Typography color="text.secondary">No invoices issued yet.</Typography>
      )}
      <Paper variant="outlined" component="section" aria-label="Recent invoices" sx={{ p: 2, display: 'grid', gap: 1 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Recent invoices
        </Typography>
        <InvoiceTable label="Recent invoices" rows={data.recent} empty="No invoices yet." />
      </Paper>
    </>
  );
}

/** What is due, by days past the due date (current, 1–30, 31–60, 61–90, 90+). */
function AgeingChart({ summary }: { summary: CurrencySummary }) {
  const chart = useChartTheme();
  const { currency } = summary;
  // Bars in minor units; every figure shown (axis, tooltip, table) is formatted by the contract.
  const points = summary.ageing.map((b) => ({ ...b, value: b.amount_minor }));
  const due = summary.ageing.filter((b) => b.count > 0);
  return (
    <ChartFrame
      title="Ageing of what is due"
      summary={
        due.length === 0
          ? 'Nothing is due.'
          : `${money(summary.outstanding_minor, currency)} due: ${due
              .map((b) => `${b.label.toLowerCase()} ${money(b.amount_minor, currency)} (${b.count})`)
              .join(', ')}.`
      }
      height={240}
      table={
        <SimpleTable
          label="Ageing of what is due"
          empty="Nothing is due."
          columns={[
            { header: 'Days past due', render: (b) => b.label },
            { header: 'Invoices', align: 'right', render: (b) => b.count },
            { header: 'Amount', align: 'right', render: (b) => money(b.amount_minor, currency) },
          ]}
          rows={summary.ageing}
          rowKey={(b) => b.key}
        />
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: 16 }}>
          <CartesianGrid stroke={chart.grid} vertical={false} />
          <XAxis dataKey="label" stroke={chart.text} fontSize={12} />
          <YAxis
            stroke={chart.text}
            fontSize={12}
            width={72}
            tickFormatter={(minor: number) => money(Math.round(minor), currency).replace(/\.\d+$/, '')}
          />
          <Tooltip {...chart.tooltip} formatter={(minor) => money(Number(minor), currency)} />
          <Bar dataKey="value" name="Due" fill={chart.billable} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
