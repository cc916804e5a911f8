import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { formatDateLong } from '../../ui/dates.ts';
import { fetchDeliveryStatus } from './settingsApi.ts';

/** A step that has not succeeded for this long has failed at least its last two hourly runs. */
const STALE_MS = 2 * 60 * 60 * 1000;

/**
 * The hourly housekeeping's steps, when each last succeeded and last failed (on any server), with the kind of its
 * last error. Steps run on their own, so one that keeps failing shows an old success here (its whole error is in
 * the server log) while the others go on.
 */
export function HousekeepingSection() {
  const status = useQuery({
    queryKey: queryKeys.deliveryStatus,
    queryFn: ({ signal }) => fetchDeliveryStatus(signal),
    refetchInterval: 30_000,
  });
  const steps = status.data?.housekeeping;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="housekeeping-title">
      <Typography variant="h2" id="housekeeping-title" sx={{ mb: 1 }}>
        Housekeeping
      </Typography>
      {!steps ? (
        <Typography color="text.secondary">Loading data...</Typography>
      ) : (
        <Table size="small" aria-label="Housekeeping steps" sx={{ maxWidth: 760 }}>
          <TableHead>
            <TableRow>
              <TableCell>Step</TableCell>
              <TableCell>Last succeeded</TableCell>
              <TableCell>Last failed</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {steps.map((row) => {
              const stale = !row.last_succeeded_at || Date.now() - Date.parse(row.last_succeeded_at) > STALE_MS;
              return (
                <TableRow key={row.step}>
                  <TableCell>{row.step}</TableCell>
                  <TableCell sx={{ color: stale ? 'error.main' : undefined }}>
                    {row.last_succeeded_at ? formatDateLong(row.last_succeeded_at) : 'Not yet'}
                  </TableCell>
                  <TableCell>
                    {row.last_failed_at ? `${formatDateLong(row.last_failed_at)} (${row.last_failure})` : 'Never'}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
