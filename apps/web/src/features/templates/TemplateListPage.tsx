import { templateMessages as M, type TemplateRow } from '@lexdesk/contract';
import HistoryIcon from '@mui/icons-material/History';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { useSession } from '../../app/session/useSession.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { ListPage } from '../../ui/ListPage.tsx';
import { deleteTemplate, executePath, fetchTemplates, historyPath, templatePath } from './api.ts';
import { AssignDialog } from './AssignDialog.tsx';
import { TemplateUploadDialog } from './TemplateUploadDialog.tsx';
import { useCopyTemplateLink } from './useCopyTemplateLink.ts';

/** /document-template: the templates the caller may run; super and admin upload and manage them (spec 02 §6). */
export function TemplateListPage() {
  useDocumentTitle('Templates');
  const session = useSession();
  const staff = session?.role === 'super' || session?.role === 'admin';
  const paging = usePaging();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const copyLink = useCopyTemplateLink();
  const [uploading, setUploading] = useState(false);
  const [assigning, setAssigning] = useState<TemplateRow | null>(null);
  const [deleting, setDeleting] = useState<TemplateRow | null>(null);
  const params = { pageNo: paging.pageNo, limits: paging.limits, search: paging.search };
  const list = useQuery({
    queryKey: queryKeys.templates.list(params),
    queryFn: ({ signal }) => fetchTemplates(params, signal),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (row: TemplateRow) => deleteTemplate(row.id),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || M.templateDeleted, { variant: 'success' });
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.templates.all });
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });

  const columns: DataTableColumn<TemplateRow>[] = [
    {
      key: 'name',
      header: 'Template',
      minWidth: 160,
      render: (t) => (
        <Link
          component={RouterLink}
          to={executePath(t.id)}
          sx={{ fontWeight: 600 }}
          onClick={(e) => e.stopPropagation()}
        >
          {t.name}
        </Link>
      ),
    },
    {
      key: 'description',
      header: 'Description',
      hideOnMobile: true,
      noWrap: true,
      render: (t) => t.description || '—',
    },
    { key: 'categories', header: 'Categories', hideOnMobile: true, render: (t) => t.category_count },
    { key: 'version', header: 'Version', hideOnMobile: true, render: (t) => t.version },
    { key: 'updated', header: 'Updated', hideOnMobile: true, render: (t) => formatDateShort(t.updated_at) },
    {
      key: 'actions',
      header: 'Actions',
      width: 80,
      render: (t) => (
        <RowActions
          label={`Actions for ${t.name}`}
          actions={[
            ...(t.actions.execute ? [{ label: 'Execute', onClick: () => void navigate(executePath(t.id)) }] : []),
            ...(t.actions.assign ? [{ label: 'Assign', onClick: () => setAssigning(t) }] : []),
            ...(t.actions.edit ? [{ label: 'Edit', onClick: () => void navigate(templatePath(t.id)) }] : []),
            ...(t.actions.history ? [{ label: 'History', onClick: () => void navigate(historyPath(t.id)) }] : []),
            ...(t.actions.copy_link ? [{ label: 'Copy link', onClick: () => void copyLink(t.id) }] : []),
            ...(t.actions.delete ? [{ label: 'Delete', onClick: () => setDeleting(t) }] : []),
          ]}
        />
      ),
    },
  ];

  return (
    <ListPage
      title="Templates"
      actions={
        staff && (
          <>
            <Button
              startIcon={<HistoryIcon />}
              component={RouterLink}
              to="/document-template/template-history/users/list"
            >
              History by user
            </Button>
            <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setUploading(true)}>
              Upload template
            </Button>
          </>
        )
      }
    >
      <SearchField label="Search templates" onSearch={paging.setSearch} />
      <DataTable label="Templates" columns={columns} getRowId={(t) => t.id} {...pagedTableProps(paging, list)} />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      {uploading && (
        <TemplateUploadDialog
          onClose={() => setUploading(false)}
          onSaved={(template, detail) => {
            enqueueSnackbar(detail, { variant: 'success' });
            void queryClient.invalidateQueries({ queryKey: queryKeys.templates.all });
            void navigate(templatePath(template.id));
          }}
        />
      )}
      {assigning && <AssignDialog templateId={assigning.id} name={assigning.name} onClose={() => setAssigning(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        item="template"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </ListPage>
  );
}
