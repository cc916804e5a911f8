import { alertMessages, can } from '@lexdesk/contract';
import WarningIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { BUILT_PATHS } from '../../app/routes.ts';
import { getAlertShown, setAlertShown } from '../../app/session/storage.ts';
import { useSession } from '../../app/session/useSession.ts';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { casePath } from '../cases/index.ts';
import { fetchDueAlerts } from './api.ts';
import { formatDay } from './format.ts';

/**
 * 'Attention required!' (spec 01 §2): the due case alerts, once per browser session. The flag is cleared
 * at every sign-in, so the modal comes back at the next sign-in while alerts are still due.
 */
export function AttentionModal() {
  // Lazy-loaded: it may first render after the session ended (token removed, sign-out), so it must not throw.
  const session = useSession();
  const navigate = useNavigate();
  const allowed = session !== null && can(session, 'case.alerts.read');
  const [alreadyShown] = useState(getAlertShown);
  const [open, setOpen] = useState(false);
  const due = useQuery({
    queryKey: queryKeys.caseRecords.dueAlerts,
    queryFn: ({ signal }) => fetchDueAlerts(signal),
    enabled: allowed && !alreadyShown,
    staleTime: Infinity,
  });
  const alerts = due.data ?? [];
  useEffect(() => {
    if (alreadyShown || alerts.length === 0) return;
    setAlertShown();
    setOpen(true);
  }, [alreadyShown, alerts.length]);
  const close = () => setOpen(false);
  const listPath =
    session !== null && can(session, 'case.alerts.manage') && BUILT_PATHS.has('/case-alerts') ? '/case-alerts' : null;

  return (
    <TitledDialog
      open={open}
      title={
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <WarningIcon color="warning" aria-hidden />
          {alertMessages.attentionTitle}
        </Box>
      }
      onClose={close}
    >
      <DialogContent dividers>
        <List dense aria-label="Due case alerts">
          {alerts.map((alert) => (
            <ListItem key={alert.id} disableGutters alignItems="flex-start">
              <ListItemText
                primary={
                  // The case goes on its own line: a separator between the date and a title that wraps
                  // would be left dangling at the end of the first line.
                  <>
                    <Box component="span" sx={{ display: 'block' }}>
                      <strong>{alert.alert_type}</strong> due {formatDay(alert.due_date)}
                    </Box>
                    <Link
                      component={RouterLink}
                      to={casePath(alert.case_id, 'alerts')}
                      onClick={close}
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {alert.case_title}
                    </Link>
                  </>
                }
                secondary={[
                  alert.documents.length > 0 ? `Documents: ${alert.documents.map((d) => d.name).join(', ')}` : '',
                  alert.comments.at(-1)?.text ?? '',
                ]
                  .filter(Boolean)
                  .join(' — ')}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        {listPath && (
          <Button
            onClick={() => {
              close();
              void navigate(listPath);
            }}
          >
            View all alerts
          </Button>
        )}
        <Button variant="contained" onClick={close} autoFocus>
          Close
        </Button>
      </DialogActions>
    </TitledDialog>
  );
}
