import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import { milliToDecimal } from '@lexdesk/contract';
import { formatDay } from '../../ui/dates.ts';
import { SimpleTable } from '../../ui/SimpleTable.tsx';
import type { ExpenseChoice, TimeChoice } from './draft-lines.ts';
import { minutesText, money, percent } from './money.ts';

/** The draft's choosable time: raw time, billed time after the increment, the uplift, rate and amount. */
export function TimeTable({
  times,
  chosen,
  onToggle,
  onChooseAll,
  rateMinor,
  currency,
  amountOf,
}: {
  times: readonly TimeChoice[];
  chosen: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onChooseAll: (ids: readonly number[]) => void;
  rateMinor: number | null;
  currency: string;
  amountOf: (t: TimeChoice) => number;
}) {
  const all = times.length > 0 && times.every((t) => chosen.has(t.id));
  return (
    <>
      <SimpleTable<TimeChoice>
        label="Unbilled time"
        empty="No approved billable time to bill."
        columns={[
          {
            header: 'Bill',
            render: (t) => (
              <Checkbox
                size="small"
                checked={chosen.has(t.id)}
                onChange={() => onToggle(t.id)}
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
          { header: 'Amount', align: 'right', render: (t) => money(amountOf(t), currency) },
        ]}
        rows={times}
        rowKey={(t) => t.id}
      />
      {times.length > 1 && (
        <Box>
          <Button size="small" onClick={() => onChooseAll(all ? [] : times.map((t) => t.id))}>
            {all ? 'Untick all time' : 'Tick all time'}
          </Button>
        </Box>
      )}
    </>
  );
}

/** The draft's choosable expenses with their amounts. */
export function ExpenseTable({
  expenses,
  chosen,
  onToggle,
  currency,
  amountOf,
}: {
  expenses: readonly ExpenseChoice[];
  chosen: ReadonlySet<number>;
  onToggle: (id: number) => void;
  currency: string;
  amountOf: (e: ExpenseChoice) => number;
}) {
  return (
    <SimpleTable<ExpenseChoice>
      label="Unbilled expenses"
      empty="No expenses to bill."
      columns={[
        {
          header: 'Bill',
          render: (e) => (
            <Checkbox
              size="small"
              checked={chosen.has(e.id)}
              onChange={() => onToggle(e.id)}
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
        { header: 'Amount', align: 'right', render: (e) => money(amountOf(e), currency) },
      ]}
      rows={expenses}
      rowKey={(e) => e.id}
    />
  );
}
