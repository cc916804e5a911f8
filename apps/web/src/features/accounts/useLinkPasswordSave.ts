import { LOGIN_REDIRECT_MS, passwordMessages } from '@lexdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { refusalText } from '../../api/client.ts';
import type { ErrorBannerState } from '../../ui/ErrorBanner.tsx';
import { isDeadLink } from './api.ts';
import type { LoginHandoff } from './loginHandoff.ts';

/**
 * Saving a password through an emailed link (set, reset, create admin — spec 01 §4, §8): the toast
 * 'Password set successfully.' and /login 1.5 s later with the email filled in; a used or expired link sets
 * `dead` (the page says so and offers Forgot password); any other refusal shows the server's text in the banner.
 */
export function useLinkPasswordSave(save: () => Promise<unknown>, banner: ErrorBannerState, email?: string) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [done, setDone] = useState(false);
  const [dead, setDead] = useState(false);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: () => {
      setDone(true);
      enqueueSnackbar(passwordMessages.setSuccess, { variant: 'success' });
    },
    onError: (error) => {
      if (isDeadLink(error)) setDead(true);
      else banner.show(refusalText(error));
    },
  });
  useEffect(() => {
    if (!done) return;
    const handoff: LoginHandoff = email ? { email } : {};
    const timer = setTimeout(() => navigate('/login', { replace: true, state: handoff }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, email]);
  return { save: mutation, done, dead };
}
