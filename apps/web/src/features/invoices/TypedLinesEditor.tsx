import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MoneyLine } from '@lexdesk/contract';
import { typedMoneyLine, type TypedLine } from './draft-lines.ts';
import { money } from './money.ts';

/** The draft's fixed fees and discounts, each with its amount as the totals count it. */
export function TypedLinesEditor({
  lines,
  onChange,
  onRemove,
  errors,
  currency,
  amountOf,
}: {
  lines: readonly TypedLine[];
  onChange: (key: number, patch: Partial<TypedLine>) => void;
  onRemove: (key: number) => void;
  /** The form's messages by field path (`lines.{index}.{field}`). */
  errors: Readonly<Record<string, string>>;
  currency: string;
  amountOf: (line: MoneyLine) => number;
}) {
  return (
    <>
      {lines.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          None. A discount is an amount, or a percentage of the other lines.
        </Typography>
      )}
      {lines.map((l, i) => {
        const error = (field: string) => errors[`lines.${i}.${field}`] || undefined;
        const name = l.kind === 'discount' ? `Discount ${i + 1}` : `Fixed fee ${i + 1}`;
        const computed = typedMoneyLine(l, currency);
        return (
          <Paper
            key={l.key}
            variant="outlined"
            role="group"
            aria-label={name}
            sx={{
              p: 1.5,
              display: 'grid',
              gap: 1.5,
              alignItems: 'start',
              gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(0, 3fr) repeat(3, minmax(0, 1fr)) auto auto' },
            }}
          >
            <TextField
              size="small"
              label={l.kind === 'discount' ? 'Discount description' : 'Fixed fee description'}
              value={l.description}
              onChange={(event) => onChange(l.key, { description: event.target.value })}
              error={Boolean(error('description'))}
              helperText={error('description')}
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
            />
            {l.kind === 'discount' ? (
              <TextField
                size="small"
                label="Percent (%)"
                value={l.discount_percent}
                onChange={(event) => onChange(l.key, { discount_percent: event.target.value })}
                error={Boolean(error('discount_percent'))}
                helperText={error('discount_percent') ?? 'Or an amount'}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            ) : (
              <TextField
                size="small"
                label="Quantity"
                value={l.quantity}
                onChange={(event) => onChange(l.key, { quantity: event.target.value })}
                error={Boolean(error('quantity'))}
                helperText={error('quantity')}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            )}
            <TextField
              size="small"
              label={l.kind === 'discount' ? `Amount (${currency})` : `Unit price (${currency})`}
              value={l.unit_price}
              disabled={l.kind === 'discount' && l.discount_percent.trim() !== ''}
              onChange={(event) => onChange(l.key, { unit_price: event.target.value })}
              error={Boolean(error('unit_price'))}
              helperText={error('unit_price')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              size="small"
              label="Tax (%)"
              value={l.tax_rate}
              onChange={(event) => onChange(l.key, { tax_rate: event.target.value })}
              error={Boolean(error('tax_rate'))}
              helperText={error('tax_rate')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <Typography
              variant="body2"
              sx={{
                alignSelf: 'center',
                textAlign: 'right',
                fontVariantNumeric: 'tabular-nums',
                whiteSpace: 'nowrap',
              }}
            >
              {computed ? money(amountOf(computed), currency) : '—'}
            </Typography>
            <IconButton aria-label={`Remove ${name}`} onClick={() => onRemove(l.key)} sx={{ justifySelf: 'end' }}>
              <DeleteIcon />
            </IconButton>
          </Paper>
        );
      })}
    </>
  );
}
