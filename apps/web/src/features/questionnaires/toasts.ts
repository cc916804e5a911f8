import { ERROR_BANNER_MS, questionnaireMessages } from '@lexdesk/contract';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { isApiError } from '../../api/client.ts';

/** Success toasts close after 2 s, validation errors after 4 s (spec 02 §8). */
export function useToasts() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
      problem: (message: string) => enqueueSnackbar(message, { variant: 'error', autoHideDuration: ERROR_BANNER_MS }),
      /** A refused call: the server's message for a 4xx answer, else 'Something went wrong'. */
      failure: (error: unknown) =>
        enqueueSnackbar(
          isApiError(error) && error.status >= 400 && error.status < 500
            ? error.detail
            : questionnaireMessages.somethingWrong,
          { variant: 'error', autoHideDuration: ERROR_BANNER_MS },
        ),
    }),
    [enqueueSnackbar],
  );
}
