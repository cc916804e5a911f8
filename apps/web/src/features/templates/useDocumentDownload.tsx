import { useCallback } from 'react';
import { DownloadDialog } from '../../ui/DownloadDialog.tsx';
import { useDownload } from '../../ui/useDownload.ts';
import { apiPath } from './api.ts';

/** Downloads a generated document with the percentage dialog (closes 1 s after completion), then 'Download successfully'. */
export function useDocumentDownload() {
  const { progress, start, done } = useDownload();
  return {
    start: useCallback((filePath: string) => start(apiPath(filePath)), [start]),
    dialog: <DownloadDialog open={progress !== null} title="Downloading..." progress={progress ?? 0} onDone={done} />,
  };
}
