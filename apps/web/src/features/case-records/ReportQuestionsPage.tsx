import { ANSWER_TYPE_LABELS, can, commonMessages, type ReportQuestion } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { deleteQuestion, fetchQuestions } from './api.ts';

/** /case-report: the organisation's report questions (edit and delete for super and admin, spec 01 §6). */
export function ReportQuestionsPage() {
  useDocumentTitle('Case reports');
  const session = useRequiredSession();
  const manage = can(session, 'case.reportQuestions.manage');
  const paging = usePaging();
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: queryKeys.caseRecords.questionList(paging.pageNo, paging.limits, paging.search),
    queryFn: ({ signal }) => fetchQuestions(paging.pageNo, paging.limits, paging.search, signal),
    placeholderData: keepPreviousData,
  });
  const removal = useRowDelete(
    (q: ReportQuestion) => deleteQuestion(q.id),
    [queryKeys.caseRecords.questions],
    commonMessages.deleted('Question'),
  );
  const offset = (paging.pageNo - 1) * paging.limits;
  const columns: DataTableColumn<ReportQuestion>[] = [
    {
      key: 'number',
      header: '#',
      width: 50,
      render: (q) => offset + (list.data?.data.indexOf(q) ?? 0) + 1,
    },
    { key: 'question', header: 'Question', minWidth: 220, render: (q) => q.question },
    { key: 'type', header: 'Answer type', render: (q) => ANSWER_TYPE_LABELS[q.answer_type] },
    { key: 'by', header: 'Added by', hideOnMobile: true, render: (q) => q.created_by ?? '—' },
    { key: 'updated', header: 'Updated', hideOnMobile: true, render: (q) => formatDateShort(q.updated_at) },
    ...(manage
      ? [
          {
            key: 'actions',
            header: 'Actions',
            width: 80,
            render: (q: ReportQuestion) => (
              <RowActions
                label={`Actions for question ${q.question}`}
                actions={[
                  { label: 'Edit', onClick: () => void navigate(`/case-report/question/${q.id}`) },
                  { label: 'Delete', onClick: () => removal.setDeleting(q) },
                ]}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title="Case reports"
      intro="The questions every case report asks. Answer a report from a case's Reports tab."
      actions={
        manage && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/case-report/add/question">
            Add question
          </Button>
        )
      }
    >
      <SearchField label="Search questions" onSearch={paging.setSearch} />
      <DataTable
        label="Report questions"
        columns={columns}
        getRowId={(q) => q.id}
        {...pagedTableProps(paging, list, { quietRefetch: true })}
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      <RowDeleteDialog rows={removal} item="question" />
    </ListPage>
  );
}
