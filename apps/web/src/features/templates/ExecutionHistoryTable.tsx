import { templateMessages as M, type ExecutionHistoryResponse, type ExecutionHistoryRow } from '@lexdesk/contract';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { deleteExecution, documentPdfPath, previewPath, type ListParams } from './api.ts';
import { useDocumentDownload } from './useDocumentDownload.tsx';

/**
 * Executions (of a template, or of a user): open the preview, download the document (.docx or PDF), delete (all
 * roles).
 * `header` renders above the search from the latest page (e.g. a heading naming the user the answer names).
 */
export function ExecutionHistoryTable<R extends ExecutionHistoryResponse>({
  queryKey,
  fetchPage,
  showTemplate,
  header,
}: {
  queryKey: (p: ListParams) => readonly unknown[];
  fetchPage: (p: ListParams, signal?: AbortSignal) => Promise<R>;
  showTemplate: boolean;
  header?: (page: R | undefined) => ReactNode;
}) {
  const paging = usePaging();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const download = useDocumentDownload();
  const [deleting, setDeleting] = useState<ExecutionHistoryRow | null>(null);
  const params = { pageNo: paging.pageNo, limits: paging.limits, search: paging.search };
  const list = useQuery({
    queryKey: queryKey(params),
    queryFn: ({ signal }) => fetchPage(params, signal),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (row: ExecutionHistoryRow) => deleteExecution(row.id),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || M.historyDeleted, { variant: 'success' });
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.templates.all });
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  const columns: DataTableColumn<ExecutionHistoryRow>[] = [
    { key: 'document', header: 'Document', minWidth: 160, render: (r) => r.document_name },
    ...(showTemplate
      ? [
          {
            key: 'template',
            header: 'Template',
            hideOnMobile: true,
            render: (r: ExecutionHistoryRow) => r.template_name,
          },
        ]
      : []),
    { key: 'version', header: 'Version', hideOnMobile: true, render: (r) => r.version },
    { key: 'by', header: 'Executed by', hideOnMobile: true, render: (r) => r.created_by },
    { key: 'when', header: 'Executed', render: (r) => formatDateShort(r.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      width: 80,
      render: (r) => (
        <RowActions
          label={`Actions for ${r.document_name}`}
          actions={[
            ...(r.actions.open
              ? [{ label: 'Open', onClick: () => void navigate(previewPath(r.id, r.template_id)) }]
              : []),
            ...(r.actions.download
              ? [
                  { label: 'Download', onClick: () => void download.start(r.file_path) },
                  { label: 'Download as PDF', onClick: () => void download.start(documentPdfPath(r.file_path)) },
                ]
              : []),
            ...(r.actions.delete ? [{ label: 'Delete', onClick: () => setDeleting(r) }] : []),
          ]}
        />
      ),
    },
  ];
  return (
    <>
      {header?.(list.data)}
      <SearchField label="Search by document or template" onSearch={paging.setSearch} />
      <DataTable
        label="Execution history"
        columns={columns}
        getRowId={(r) => r.id}
        {...pagedTableProps(paging, list)}
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      {download.dialog}
      <ConfirmDialog
        open={deleting !== null}
        item="history"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
