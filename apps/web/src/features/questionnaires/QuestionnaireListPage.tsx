import { questionnaireMessages as M, type QuestionnaireRow } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateLong, formatDateShort } from '../../ui/dates.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { ListPage } from '../../ui/ListPage.tsx';
import { deleteForm, fetchQuestionnaires } from './api.ts';
import { DocumentTypesSection } from './DocumentTypesSection.tsx';
import { useToasts } from './toasts.ts';

/** /document-questionaries: the organisation's questionnaires (super and admin edit and delete), and document types. */
export function QuestionnaireListPage() {
  useDocumentTitle('Questionnaire');
  const [searchParams] = useSearchParams();
  const paging = usePaging();
  const [startPage] = useState(() => Math.max(1, Number(searchParams.get('page')) || 1));
  const [usedStart, setUsedStart] = useState(false);
  if (!usedStart) {
    setUsedStart(true);
    if (startPage > 1) paging.setPageNo(startPage);
  }
  const navigate = useNavigate();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<QuestionnaireRow | null>(null);
  const list = useQuery({
    queryKey: queryKeys.questionnaires.list(paging.pageNo, paging.limits, paging.search),
    queryFn: ({ signal }) => fetchQuestionnaires(paging.pageNo, paging.limits, paging.search, signal),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteForm(id),
    onSuccess: async () => {
      toasts.success(M.questionnaireDeleted);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.questionnaires.all });
    },
    onError: (error) => {
      setDeleting(null);
      toasts.failure(error);
    },
  });
  const editPath = (row: QuestionnaireRow) => `/document-questionaries/edit/${row.id}-${paging.pageNo}`;
  const columns: DataTableColumn<QuestionnaireRow>[] = [
    { key: 'category', header: 'Category', noWrap: true, render: (row) => row.category_name ?? '—' },
    { key: 'question', header: 'First question', noWrap: true, render: (row) => row.first_question },
    { key: 'count', header: 'Questions', width: 90, hideOnMobile: true, render: (row) => row.question_count },
    { key: 'by', header: 'Created by', hideOnMobile: true, noWrap: true, render: (row) => row.created_by },
    {
      key: 'updated',
      header: 'Updated',
      width: 150,
      hideOnMobile: true,
      render: (row) => (
        <time dateTime={row.updated_at} title={formatDateLong(row.updated_at)} style={{ whiteSpace: 'nowrap' }}>
          {formatDateShort(row.updated_at)}
        </time>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 110,
      render: (row) => (
        <Box sx={{ display: 'flex' }}>
          <Tooltip title="Edit">
            <IconButton
              aria-label={`Edit questionnaire ${row.first_question}`}
              onClick={(event) => {
                event.stopPropagation();
                void navigate(editPath(row));
              }}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton
              aria-label={`Delete questionnaire ${row.first_question}`}
              onClick={(event) => {
                event.stopPropagation();
                setDeleting(row);
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    },
  ];
  return (
    <ListPage title="Questionnaire" gap={3}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            mb: 2,
            flexWrap: 'wrap',
          }}
        >
          <SearchField label="Search by category or question" onSearch={paging.setSearch} />
          <Button
            component={RouterLink}
            to="/document-questionaries/add/new"
            variant="contained"
            startIcon={<AddIcon />}
          >
            Add Questionnaire
          </Button>
        </Box>
        <DataTable
          label="Questionnaires"
          columns={columns}
          getRowId={(row) => row.id}
          {...pagedTableProps(paging, list)}
          onRowClick={(row) => void navigate(editPath(row))}
        />
      </Paper>
      <DocumentTypesSection />
      <ConfirmDialog
        open={deleting !== null}
        item="questionnaire"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </ListPage>
  );
}
