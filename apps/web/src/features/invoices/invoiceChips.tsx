import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@lexdesk/contract';
import Chip from '@mui/material/Chip';

const COLOURS: Record<InvoiceStatus, 'default' | 'info' | 'success' | 'warning'> = {
  draft: 'default',
  issued: 'info',
  partially_paid: 'warning',
  paid: 'success',
  void: 'default',
};

/** An invoice's status; an issued or partly paid invoice past its due date shows 'Overdue' in red instead. */
export function InvoiceStatusChip({ status, overdue }: { status: InvoiceStatus; overdue: boolean }) {
  if (overdue)
    return (
      <Chip
        size="small"
        color="error"
        label={
          status === 'partially_paid'
            ? `${INVOICE_STATUS_LABELS.overdue} · ${INVOICE_STATUS_LABELS.partially_paid}`
            : INVOICE_STATUS_LABELS.overdue
        }
      />
    );
  return (
    <Chip
      size="small"
      variant={status === 'draft' || status === 'void' ? 'outlined' : 'filled'}
      color={COLOURS[status]}
      label={INVOICE_STATUS_LABELS[status]}
    />
  );
}

/** 'Credit note' beside a credit note's number. */
export function CreditNoteChip() {
  return <Chip size="small" variant="outlined" color="secondary" label="Credit note" />;
}
