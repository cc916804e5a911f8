import { EXPIRY_POPUP_CHECK_MS, planMessages, sessionMessages } from '@lexdesk/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import type { Session } from '../../app/session/storage.ts';
import { fetchUserDetail } from '../users/index.ts';

const CLOSED_KEY = 'lexdesk.expiry_popup_closed';
export const CHANGE_PLAN_PATH = '/user/plan/changeplan';
/** The user detail (plan_validity, has_expiry_popup) is re-read this often; the popup check runs each second. */
const DETAIL_REFRESH_MS = 60_000;

function closedThisSession(): boolean {
  try {
    return sessionStorage.getItem(CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The expiry text: days left, or ended (a paid plan that ended lost its modules: spec 01 §6). */
export function expiryText(days: number | null, staff: boolean): string {
  const head =
    days === 0 ? `${planMessages.expired} ${sessionMessages.upgradeLicence}` : planMessages.expiresSoon(days ?? 0);
  return staff ? head : `${head} ${planMessages.contactAdmin}`;
}

/**
 * The plan-expiry modal of the shell (spec 01 §2, §4): shown while `has_expiry_popup` is true, until closed
 * for this browser session. Upgrade opens the change-plan page (staff); a user is told to ask their admin.
 */
export function PlanExpiryModal({ session }: { session: Session }) {
  const titleId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const staff = session.role !== 'user';
  const [closed, setClosed] = useState(closedThisSession);
  const [open, setOpen] = useState(false);
  const detail = useQuery({
    queryKey: queryKeys.userDetail(session.userId),
    queryFn: ({ signal }) => fetchUserDetail(session.userId, signal),
    refetchInterval: DETAIL_REFRESH_MS,
  });
  const due = Boolean(detail.data?.has_expiry_popup) && !closed && location.pathname !== CHANGE_PLAN_PATH;
  useEffect(() => {
    const timer = setInterval(() => setOpen(due), EXPIRY_POPUP_CHECK_MS);
    return () => clearInterval(timer);
  }, [due]);
  const close = () => {
    try {
      sessionStorage.setItem(CLOSED_KEY, '1');
    } catch {
      // Storage disabled: the modal closes for this page only.
    }
    setClosed(true);
    setOpen(false);
  };
  return (
    <Dialog open={open && due} onClose={close} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{planMessages.expiryTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{expiryText(detail.data?.plan_validity ?? null, staff)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {staff && (
          <Button
            variant="contained"
            onClick={() => {
              close();
              void navigate(CHANGE_PLAN_PATH);
            }}
          >
            Upgrade
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
