import type { PackageRow } from '@lexdesk/contract';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { fetchPackageHistory } from './exportsApi.ts';
import { useDocumentDownload } from './useDocumentDownload.tsx';

/** /export-history (super): every export and import, each with its package to download. */
export function ExportHistoryPage() {
  useDocumentTitle('Export History');
  const paging = usePaging();
  const download = useDocumentDownload();
  const params = { pageNo: paging.pageNo, limits: paging.limits };
  const list = useQuery({
    queryKey: queryKeys.templates.packages(params),
    queryFn: ({ signal }) => fetchPackageHistory(params, signal),
    placeholderData: keepPreviousData,
  });
  const columns: DataTableColumn<PackageRow>[] = [
    { key: 'kind', header: 'Kind', render: (r) => (r.kind === 'export' ? 'Export' : 'Import') },
    { key: 'name', header: 'Package', minWidth: 140, noWrap: true, render: (r) => r.name },
    { key: 'summary', header: 'Contents', hideOnMobile: true, render: (r) => r.summary },
    { key: 'target', header: 'Into', hideOnMobile: true, render: (r) => r.target_organisation ?? '—' },
    { key: 'by', header: 'By', hideOnMobile: true, render: (r) => r.created_by },
    { key: 'when', header: 'When', render: (r) => formatDateShort(r.created_at) },
    {
      key: 'download',
      header: 'Download',
      render: (r) => (
        <Button size="small" onClick={() => void download.start(r.file_path)} aria-label={`Download ${r.name}`}>
          Download
        </Button>
      ),
    },
  ];
  return (
    <ListPage title="Export History">
      <DataTable
        label="Exports and imports"
        columns={columns}
        getRowId={(r) => r.id}
        {...pagedTableProps(paging, list)}
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      {download.dialog}
    </ListPage>
  );
}
