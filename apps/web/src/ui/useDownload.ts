import { commonMessages } from '@lexdesk/contract';
import { useSnackbar } from 'notistack';
import { useCallback, useState } from 'react';
import { refusalText, type QueryValue } from '../api/client.ts';
import { downloadFile } from '../api/downloadFile.ts';
import { saveBlob } from './csv.ts';

/**
 * A file download with DownloadDialog's progress (null while none runs): saved, it toasts 'Download successfully';
 * refused, it toasts why and the dialog closes.
 */
export function useDownload() {
  const { enqueueSnackbar } = useSnackbar();
  const [progress, setProgress] = useState<number | null>(null);
  /** GETs `path` (POSTs `body` when given) and saves it as `name`, or under the server's file name. */
  const start = useCallback(
    async (path: string, query: Record<string, QueryValue> = {}, name?: string, body?: unknown) => {
      setProgress(0);
      try {
        const file = await downloadFile(path, { query, body, onProgress: setProgress });
        saveBlob(file.blob, name ?? file.fileName);
        setProgress(100);
        enqueueSnackbar(commonMessages.downloaded, { variant: 'success' });
      } catch (error) {
        setProgress(null);
        enqueueSnackbar(refusalText(error), { variant: 'error' });
      }
    },
    [enqueueSnackbar],
  );
  const done = useCallback(() => setProgress(null), []);
  return { progress, start, done };
}
