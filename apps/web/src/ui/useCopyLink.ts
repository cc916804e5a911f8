import { useSnackbar } from 'notistack';
import { useCallback } from 'react';

/**
 * Copies the full address of an in-app path and says so with `copied`; where the clipboard is refused
 * (no permission, an insecure origin) the address is shown instead, as `fallback(url)`, so it can be copied by hand.
 */
export function useCopyLink<Id>(
  pathOf: (id: Id) => string,
  copied: string,
  fallback: (url: string) => string = (url) => url,
): (id: Id) => Promise<void> {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async (id: Id) => {
      const url = `${window.location.origin}${pathOf(id)}`;
      try {
        await navigator.clipboard.writeText(url);
        enqueueSnackbar(copied, { variant: 'success' });
      } catch {
        enqueueSnackbar(fallback(url), { variant: 'info' });
      }
    },
    [enqueueSnackbar, pathOf, copied, fallback],
  );
}
