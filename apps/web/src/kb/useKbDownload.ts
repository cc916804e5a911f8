import { commonMessages } from '@lexdesk/contract';
import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { refusalText } from '../api/client.ts';
import { saveBlob } from '../ui/csv.ts';
import { kbDownload } from './api.ts';

/** Saves a file of the knowledge API (an export, an attachment) under the server's name, with a toast. */
export function useKbDownload() {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async (path: string) => {
      try {
        const file = await kbDownload(path);
        saveBlob(file.blob, file.fileName);
        enqueueSnackbar(commonMessages.downloaded, { variant: 'success' });
      } catch (error) {
        enqueueSnackbar(refusalText(error), { variant: 'error' });
      }
    },
    [enqueueSnackbar],
  );
}
