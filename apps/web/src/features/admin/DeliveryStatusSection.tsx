import { OUTBOX_RETENTION_DAYS } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { publicUrlWarning } from './publicUrlWarning.ts';
import { fetchDeliveryStatus } from './settingsApi.ts';

/** How mail and SMS leave the installation, and how many are waiting, sent or failed. */
export function DeliveryStatusSection() {
  const status = useQuery({
    queryKey: queryKeys.deliveryStatus,
    queryFn: ({ signal }) => fetchDeliveryStatus(signal),
    refetchInterval: 30_000,
  });
  const data = status.data;
  const linkWarning = data ? publicUrlWarning(data, window.location) : null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="delivery-title">
      <Typography variant="h2" id="delivery-title" sx={{ mb: 1 }}>
        Mail and SMS
      </Typography>
      {!data ? (
        <Typography color="text.secondary">Loading data...</Typography>
      ) : (
        <Box>
          {linkWarning && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="public-url-warning">
              {linkWarning}
            </Alert>
          )}
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            Mail:{' '}
            {data.mail_transport === 'smtp' ? 'sent by SMTP' : "written to the server's console (no SMTP_URL set)"}
          </Typography>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            SMS:{' '}
            {data.sms_transport === 'webhook'
              ? 'sent through the SMS webhook'
              : "written to the server's console (no SMS_WEBHOOK_URL set)"}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            The outbox keeps each message with its links and codes masked, for {OUTBOX_RETENTION_DAYS} days.
          </Typography>
          <Table size="small" aria-label="Messages by status" sx={{ maxWidth: 420 }}>
            <TableHead>
              <TableRow>
                <TableCell>Channel</TableCell>
                <TableCell align="right">Pending</TableCell>
                <TableCell align="right">Sent</TableCell>
                <TableCell align="right">Failed</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(['email', 'sms'] as const).map((channel) => (
                <TableRow key={channel}>
                  <TableCell>{channel === 'email' ? 'Email' : 'SMS'}</TableCell>
                  <TableCell align="right">{data[channel].queued}</TableCell>
                  <TableCell align="right">{data[channel].sent}</TableCell>
                  <TableCell align="right" sx={{ color: data[channel].failed ? 'error.main' : undefined }}>
                    {data[channel].failed}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
