import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { formatDateLong } from '../../ui/dates.ts';
import { formatSize, readableAddresses } from '../../ui/text.ts';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { viewerPath } from '../cases/index.ts';
import { fetchEmail } from './api.ts';

function Header({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
      <strong>{label}:</strong> {value}
    </Typography>
  );
}

/** One email: its headers, text and attachments (each a link to the case document it became). */
export function EmailDetailDialog({ emailId, onClose }: { emailId: number | null; onClose: () => void }) {
  const email = useQuery({
    queryKey: queryKeys.caseRecords.email(emailId),
    queryFn: ({ signal }) => fetchEmail(emailId ?? 0, signal),
    enabled: emailId !== null,
  });
  const data = email.data;
  return (
    <TitledDialog
      open={emailId !== null}
      title={
        <Box component="span" sx={{ wordBreak: 'break-word' }}>
          {data ? data.subject || '(no subject)' : 'Email'}
        </Box>
      }
      onClose={onClose}
      maxWidth="md"
    >
      <DialogContent dividers>
        {email.isError && <Typography color="error">{refusalText(email.error)}</Typography>}
        {data && (
          <>
            <Header label="From" value={readableAddresses(data.from_address)} />
            <Header label="To" value={readableAddresses(data.to_addresses)} />
            <Header label="Cc" value={readableAddresses(data.cc_addresses)} />
            <Header label="Sent" value={data.sent_at ? formatDateLong(data.sent_at) : ''} />
            <Divider sx={{ my: 2 }} />
            <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
              {data.body_text || '(no text)'}
            </Typography>
            {data.attachments.length > 0 && (
              <>
                <Divider sx={{ my: 2 }} />
                <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
                  Attachments
                </Typography>
                <List dense aria-label="Attachments">
                  {data.attachments.map((attachment) => (
                    <ListItem key={attachment.id} disableGutters>
                      <ListItemText
                        primary={
                          attachment.document_id ? (
                            <Link component={RouterLink} to={viewerPath(attachment.document_id)}>
                              {attachment.file_name}
                            </Link>
                          ) : (
                            attachment.file_name
                          )
                        }
                        secondary={attachment.note ?? `${formatSize(attachment.size_bytes)} · case document`}
                      />
                    </ListItem>
                  ))}
                </List>
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </TitledDialog>
  );
}
