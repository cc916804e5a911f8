import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useMobile } from './useMobile.ts';

export interface SimpleColumn<Row> {
  header: string;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** Left out at the 600 px mobile layout (the row still reads without it). */
  hideOnMobile?: boolean;
}

/**
 * A small table the server sends whole (totals, a week's days, the charts' text alternatives); rows marked
 * `strong` are subtotals.
 */
export function SimpleTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  strong,
  empty = 'No time recorded.',
  footer,
}: {
  label: string;
  columns: readonly SimpleColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  strong?: (row: Row) => boolean;
  empty?: string;
  /** A last row (the total), rendered with the columns. */
  footer?: Row;
}) {
  const mobile = useMobile();
  const shown = mobile ? columns.filter((column) => !column.hideOnMobile) : columns;
  const cells = (row: Row, bold: boolean) =>
    shown.map((column) => (
      <TableCell
        key={column.header}
        align={column.align}
        sx={{
          fontWeight: bold ? 700 : undefined,
          overflowWrap: 'break-word',
          // Times and counts stay on one line ('1h 20m'); text columns wrap between words.
          whiteSpace: column.align === 'right' ? 'nowrap' : undefined,
          fontVariantNumeric: column.align === 'right' ? 'tabular-nums' : undefined,
        }}
      >
        {column.render(row)}
      </TableCell>
    ));
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {shown.map((column) => (
              <TableCell
                key={column.header}
                align={column.align}
                // The header of a number column stays on one line above its numbers ('Unit price').
                sx={{ whiteSpace: column.align === 'right' ? 'nowrap' : undefined }}
              >
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={shown.length}>
                <Typography variant="body2" color="text.secondary">
                  {empty}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {rows.map((row, index) => {
            const bold = strong?.(row) ?? false;
            return (
              <TableRow key={rowKey(row, index)} sx={bold ? { bgcolor: 'action.hover' } : undefined}>
                {cells(row, bold)}
              </TableRow>
            );
          })}
          {footer && rows.length > 0 && <TableRow sx={{ bgcolor: 'action.selected' }}>{cells(footer, true)}</TableRow>}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
