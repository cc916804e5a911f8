import { useDownload } from '../../ui/useDownload.ts';

/** Downloads usage data (one organisation or all) as XLSX or CSV with the progress of the download dialog. */
export function useUsageDownload() {
  const download = useDownload();
  const start = (format: 'xlsx' | 'csv', organisationId?: number) =>
    download.start('organisation/usage/', { format, id: organisationId });
  return { ...download, start };
}
