import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { formatDateLong } from '../../../ui/dates.ts';

/** Says that the form holds the answers of an unfinished draft, with a way to start from an empty form. */
export function RestoredDraftNotice({ savedAt, onStartAgain }: { savedAt: string; onStartAgain: () => void }) {
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={onStartAgain} sx={{ whiteSpace: 'nowrap' }}>
          Start again
        </Button>
      }
    >
      Your unfinished answers from {formatDateLong(savedAt)} were restored.
    </Alert>
  );
}
