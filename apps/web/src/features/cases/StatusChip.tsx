import { CASE_STATUS_LABELS, type CaseStatus } from '@lexdesk/contract';
import Chip from '@mui/material/Chip';

type Tone = 'success' | 'warning' | 'info' | 'error' | 'grey';

/** A chip whose colour is in its border and dot only: the text keeps the theme's contrast (axe, dark theme). */
export function ToneChip({ label, tone, testId }: { label: string; tone: Tone; testId?: string }) {
  const color = tone === 'grey' ? 'text.disabled' : `${tone}.main`;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      data-testid={testId}
      sx={{
        borderColor: color,
        color: 'text.primary',
        '&::before': { content: '""', width: 8, height: 8, borderRadius: '50%', bgcolor: color, ml: 1 },
      }}
    />
  );
}

const TONES: Record<CaseStatus, Tone> = { open: 'success', pending: 'warning', on_hold: 'info', closed: 'grey' };

export function CaseStatusChip({ status }: { status: CaseStatus }) {
  return <ToneChip tone={TONES[status]} label={CASE_STATUS_LABELS[status]} />;
}
