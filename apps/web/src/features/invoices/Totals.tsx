import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { money } from './money.ts';

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
