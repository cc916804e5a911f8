import type { OutboxItem } from '@lexdesk/contract';
import Chip from '@mui/material/Chip';

const COLORS = { queued: 'default', sent: 'success', failed: 'error' } as const;

export function StatusChip({ status }: { status: OutboxItem['status'] }) {
  return (
    <Chip size="small" label={status} color={COLORS[status]} variant="outlined" sx={{ textTransform: 'capitalize' }} />
  );
}
