import type { TemplateRow } from '@lexdesk/contract';
import Button from '@mui/material/Button';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { ListPage } from '../../ui/ListPage.tsx';
import { fetchTemplates } from './api.ts';
import { exportTemplatePackage } from './exportsApi.ts';
import { ImportPackagePanel } from './ImportPackagePanel.tsx';
import { useDocumentDownload } from './useDocumentDownload.tsx';

/** /export-template (super): export a template with its questionnaires as one package; import packages. */
export function ExportTemplatePage() {
  useDocumentTitle('Export Template');
  const paging = usePaging();
  const { enqueueSnackbar } = useSnackbar();
  const download = useDocumentDownload();
  const params = { pageNo: paging.pageNo, limits: paging.limits, search: paging.search };
  const list = useQuery({
    queryKey: queryKeys.templates.list(params),
    queryFn: ({ signal }) => fetchTemplates(params, signal),
    placeholderData: keepPreviousData,
  });
  const exportOne = async (row: TemplateRow) => {
    try {
      const saved = await exportTemplatePackage(row.id);
      enqueueSnackbar(`${saved.detail}: ${saved.summary}`, { variant: 'success' });
      await download.start(saved.file_path);
    } catch (error) {
      enqueueSnackbar(refusalText(error), { variant: 'error' });
    }
  };
  const columns: DataTableColumn<TemplateRow>[] = [
    { key: 'name', header: 'Template', minWidth: 160, render: (t) => t.name },
    { key: 'categories', header: 'Categories', hideOnMobile: true, render: (t) => t.category_count },
    { key: 'updated', header: 'Updated', hideOnMobile: true, render: (t) => formatDateShort(t.updated_at) },
    {
      key: 'export',
      header: 'Export',
      render: (t) => (
        <Button size="small" onClick={() => void exportOne(t)} aria-label={`Export ${t.name}`}>
          Export
        </Button>
      ),
    },
  ];
  return (
    <ListPage
      title="Export Template"
      actions={
        <>
          <Button component={RouterLink} to="/export-questionaries">
            Export questionnaires
          </Button>
          <Button component={RouterLink} to="/export-history">
            Export history
          </Button>
        </>
      }
    >
      <ImportPackagePanel />
      <SearchField label="Search templates" onSearch={paging.setSearch} />
      <DataTable
        label="Templates to export"
        columns={columns}
        getRowId={(t) => t.id}
        {...pagedTableProps(paging, list)}
      />
      {download.dialog}
    </ListPage>
  );
}
