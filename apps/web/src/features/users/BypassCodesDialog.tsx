import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useSnackbar } from 'notistack';
import { TitledDialog } from '../../ui/TitledDialog.tsx';

/** Bypass codes, shown once: each signs in once when the authenticator is not at hand. */
export function BypassCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const copy = async () => {
    await navigator.clipboard.writeText(codes?.join('\n') ?? '');
    enqueueSnackbar('Bypass codes copied successfully', { variant: 'success' });
  };
  return (
    // No onClose: the codes go only through 'I saved them', so they are not lost to a stray click.
    <TitledDialog open={codes !== null} title="Your bypass codes" maxWidth="xs">
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Keep these codes somewhere safe. Each one signs you in once without the authenticator app. They are shown only
          now.
        </DialogContentText>
        <Box
          component="ul"
          aria-label="Bypass codes"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1 }}
        >
          {codes?.map((code) => (
            <Box component="li" key={code} sx={{ fontFamily: 'monospace', fontSize: '1rem' }}>
              {code}
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>Copy</Button>
        <Button variant="contained" onClick={onClose}>
          I saved them
        </Button>
      </DialogActions>
    </TitledDialog>
  );
}
