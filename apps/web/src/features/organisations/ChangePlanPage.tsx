import {
  CHANGEABLE_PLANS,
  planChangeLimitProblem,
  planMessages,
  PLAN_DURATIONS,
  USER_LIMIT_MAX,
  type PlanName,
} from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { isApiError, refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { savePermissions } from '../../app/session/storage.ts';
import { useSession } from '../../app/session/useSession.ts';
import { useAppConfig } from '../../app/useAppConfig.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { useEdited } from '../../ui/useEdited.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { fetchPermissionMonitoring, fetchUserDetail } from '../users/index.ts';
import { changePlan, fetchUserLimit, saveUserLimit } from './api.ts';
import { planLabel, validityLabel } from './planText.ts';

/**
 * /user/plan/changeplan (spec 01 §2, §4): choose Associate (6 or 12 months) or Membership (12 months), set
 * the user limit (never below the saved one), Continue, confirm; the plan is updated, the permissions are
 * reloaded and saved, and the page reloads. Bespoke goes to the contact page.
 */
export function ChangePlanPage() {
  useDocumentTitle('Change plan');
  const session = useSession();
  const config = useAppConfig();
  const banner = useErrorBanner();
  const { enqueueSnackbar } = useSnackbar();
  const confirmTitle = useId();
  const [plan, setPlan] = useState<PlanName>('Associate');
  const [duration, setDuration] = useState(6);
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const limit = useQuery({ queryKey: queryKeys.userLimit, queryFn: ({ signal }) => fetchUserLimit(signal) });
  const detail = useQuery({
    queryKey: queryKeys.userDetail(session?.userId ?? 0),
    queryFn: ({ signal }) => fetchUserDetail(session?.userId ?? 0, signal),
    enabled: Boolean(session),
  });
  const saved = limit.data?.active_user_limit ?? 1;
  const registered = limit.data?.registered_users ?? 0;
  const [limitText, setLimitText] = useEdited(limit.data ? String(saved) : '');
  if (!session) return null;

  const problem = limit.data ? planChangeLimitProblem(limitText, saved, registered) : null;
  const value = Number(limitText);
  const step = (by: number) => {
    setTouched(true);
    const base = Number.isInteger(value) && limitText.trim() !== '' ? value : saved;
    setLimitText(String(Math.min(USER_LIMIT_MAX, Math.max(saved, base + by))));
  };
  const durations = PLAN_DURATIONS[plan];
  const choose = (next: PlanName) => {
    setPlan(next);
    setDuration(PLAN_DURATIONS[next][0] ?? 12);
  };

  const submit = async () => {
    setBusy(true);
    try {
      if (value > saved) await saveUserLimit(value);
      try {
        await changePlan({ plan_name: plan, duration, user_limit: value });
      } catch (error) {
        // Spec 01 §8: the same plan again is not a failure (the user limit was saved above).
        if (!(isApiError(error, 400) && error.detail === planMessages.samePlan)) throw error;
      }
      savePermissions(await fetchPermissionMonitoring(session.userId));
      enqueueSnackbar(planMessages.changed, { variant: 'success' });
      window.location.reload();
    } catch (error) {
      setBusy(false);
      setConfirming(false);
      banner.show(refusalText(error));
    }
  };

  return (
    <ListPage title="Change plan" maxWidth={720}>
      <ErrorBanner banner={banner} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ mb: 1 }}>
          Current plan
        </Typography>
        <Typography>
          {session.plan}
          {detail.data ? ` · ${validityLabel(detail.data.plan_validity)}` : ''}
        </Typography>
        {limit.isError ? (
          // Spec 01 §8: a failed plan load shows the server's text on a 400, else 'Something went wrong'.
          <Typography color="error" variant="body2" role="alert" data-testid="plan-load-error">
            {refusalText(limit.error)}
          </Typography>
        ) : (
          <Typography color="text.secondary" variant="body2">
            {limit.data ? `${registered} of ${saved} users registered` : 'Loading data...'}
          </Typography>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
        <Typography variant="h2" id="plan-choice-label">
          New plan
        </Typography>
        <RadioGroup
          aria-labelledby="plan-choice-label"
          value={plan}
          onChange={(e) => choose(e.target.value as PlanName)}
        >
          {CHANGEABLE_PLANS.map((name) => (
            <FormControlLabel key={name} value={name} control={<Radio />} label={name} />
          ))}
        </RadioGroup>
        <TextField
          select
          label="Duration"
          value={String(duration)}
          onChange={(e) => setDuration(Number(e.target.value))}
          disabled={durations.length < 2}
          sx={{ maxWidth: 240 }}
        >
          {durations.map((months) => (
            <MenuItem key={months} value={String(months)}>
              {months} months
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2">
          Need something else?{' '}
          <Link href={config?.bespoke_contact ?? '#'} target="_blank" rel="noopener noreferrer">
            Bespoke plan: contact us
          </Link>
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <IconButton
            aria-label="Decrease user limit"
            onClick={() => step(-1)}
            disabled={!limit.data || value <= saved}
            sx={{ mt: 1 }}
          >
            <RemoveIcon />
          </IconButton>
          <TextField
            label="User limit"
            value={limitText}
            onChange={(e) => {
              setTouched(true);
              setLimitText(e.target.value);
            }}
            error={touched && problem !== null}
            helperText={
              touched && problem ? problem : `At least ${Math.max(saved, registered)}; it can be raised, never lowered.`
            }
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ maxWidth: 240 }}
          />
          <IconButton
            aria-label="Increase user limit"
            onClick={() => step(1)}
            disabled={!limit.data || value >= USER_LIMIT_MAX}
            sx={{ mt: 1 }}
          >
            <AddIcon />
          </IconButton>
        </Box>
        <Box>
          <Button
            variant="contained"
            disabled={!limit.data || busy}
            onClick={() => {
              setTouched(true);
              if (problem) banner.show(problem);
              else setConfirming(true);
            }}
          >
            Continue
          </Button>
        </Box>
      </Paper>
      <Dialog open={confirming} onClose={busy ? undefined : () => setConfirming(false)} aria-labelledby={confirmTitle}>
        <DialogTitle id={confirmTitle}>Confirm plan change</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {`Change to ${planLabel(plan, duration)} with a user limit of ${value}? The new plan starts today.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void submit()} disabled={busy}>
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </ListPage>
  );
}
