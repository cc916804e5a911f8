import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UploadItem } from './useUploadQueue.ts';

/** "Uploaded" only once the server has answered: sent bytes (100%) are not a stored document yet. */
function uploadLabel(item: UploadItem): string {
  if (item.state === 'error') return 'Refused';
  if (item.state === 'done') return 'Uploaded';
  if (item.state === 'waiting') return 'Waiting…';
  return `Uploading… ${item.progress}%`;
}

/** The files of an upload queue (useUploadQueue), each with its progress bar or the reason it was refused. */
export function UploadList({ items, onClear }: { items: UploadItem[]; onClear: () => void }) {
  if (items.length === 0) return null;
  const finished = items.some((i) => i.state === 'done' || i.state === 'error');
  return (
    // One column no wider than the paper: a long file name is cut with an ellipsis instead of widening the page.
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
      aria-label="Uploads"
    >
      {items.map((item) => (
        <Box key={item.key} data-testid="upload-item" data-state={item.state}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
              {item.name}
            </Typography>
            <Typography
              variant="body2"
              color={item.state === 'error' ? 'error' : 'text.secondary'}
              sx={{ flexShrink: 0 }}
            >
              {uploadLabel(item)}
            </Typography>
          </Box>
          {item.state === 'error' ? (
            <Typography variant="body2" color="error" role="alert">
              {item.error}
            </Typography>
          ) : (
            <LinearProgress
              variant="determinate"
              value={item.progress}
              aria-label={`Upload of ${item.name}`}
              // Once the server answered the bar is full at once: no fill still running beside "Uploaded".
              sx={item.state === 'done' ? { '& .MuiLinearProgress-bar': { transition: 'none' } } : undefined}
            />
          )}
        </Box>
      ))}
      {finished && (
        <Button size="small" onClick={onClear} sx={{ justifySelf: 'start' }}>
          Clear finished
        </Button>
      )}
    </Paper>
  );
}
