import { conceptMessages as M, ERROR_BANNER_MS } from '@lexdesk/contract';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { isApiError } from '../../api/client.ts';

/** Success toasts (2 s) and refusals (4 s); a refusal shows the server's 4xx text, else `fallback`. */
export function useConceptToasts() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
      problem: (message: string) => enqueueSnackbar(message, { variant: 'error', autoHideDuration: ERROR_BANNER_MS }),
      failure: (error: unknown, fallback: string = M.somethingWrong) =>
        enqueueSnackbar(serverText(error, fallback), { variant: 'error', autoHideDuration: ERROR_BANNER_MS }),
    }),
    [enqueueSnackbar],
  );
}

/** The server's message for a 4xx answer, else `fallback` (spec 03 §8). */
export function serverText(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.detail : fallback;
}
