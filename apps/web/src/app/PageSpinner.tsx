import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while a lazily loaded page arrives. */
export function PageSpinner({ minHeight = '60vh' }: { minHeight?: string | number }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight }} role="status" aria-label="Loading">
      <CircularProgress aria-hidden />
    </Box>
  );
}
