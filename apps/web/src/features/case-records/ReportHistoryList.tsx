import { can, type CaseReport, type ReportFormat } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateLong, formatDateShort } from '../../ui/dates.ts';
import { DownloadDialog } from '../../ui/DownloadDialog.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { useDownload } from '../../ui/useDownload.ts';
import { deleteReport, fetchReport, fetchReportHistory } from './api.ts';

function ReportDialog({ reportId, onClose }: { reportId: number | null; onClose: () => void }) {
  const report = useQuery({
    queryKey: queryKeys.caseRecords.report(reportId ?? 0),
    queryFn: ({ signal }) => fetchReport(reportId ?? 0, signal),
    enabled: reportId !== null,
  });
  return (
    <TitledDialog
      open={reportId !== null}
      title={`Report of ${report.data ? formatDateLong(report.data.created_at) : ''}`}
      onClose={onClose}
      maxWidth="md"
    >
      <DialogContent dividers>
        {report.isError && <Typography color="error">{refusalText(report.error)}</Typography>}
        {report.data && (
          <Table size="small" aria-label="Answers">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Question</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>Answer</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.data.answers.map((answer, index) => (
                <TableRow key={index}>
                  <TableCell>{answer.question}</TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{answer.answer}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </TitledDialog>
  );
}

/** The report history of a case: each report answered, to read, download (.docx, .xlsx) or delete. */
export function ReportHistoryList({ caseId }: { caseId: number }) {
  const session = useRequiredSession();
  const paging = usePaging();
  const [viewing, setViewing] = useState<number | null>(null);
  const download = useDownload();
  const list = useQuery({
    queryKey: queryKeys.caseRecords.reportList(caseId, paging.pageNo, paging.limits),
    queryFn: ({ signal }) => fetchReportHistory(caseId, paging.pageNo, paging.limits, signal),
    placeholderData: keepPreviousData,
  });
  const removal = useRowDelete(
    (report: CaseReport) => deleteReport(report.id),
    [queryKeys.caseRecords.reports(caseId)],
  );
  const downloadAs = (report: CaseReport, format: ReportFormat) =>
    void download.start(`case-report/reports/${report.id}/download/`, { format });
  const canDelete = can(session, 'case.reports.delete');
  const columns: DataTableColumn<CaseReport>[] = [
    { key: 'when', header: 'Answered', render: (r) => formatDateShort(r.created_at) },
    { key: 'by', header: 'By', render: (r) => r.created_by ?? 'Former user' },
    { key: 'answers', header: 'Answers', hideOnMobile: true, render: (r) => r.answer_count },
    {
      key: 'actions',
      header: 'Actions',
      width: 80,
      render: (r) => (
        <RowActions
          label={`Actions for the report of ${formatDateShort(r.created_at)}`}
          actions={[
            { label: 'View', onClick: () => setViewing(r.id) },
            { label: 'Download .docx', onClick: () => downloadAs(r, 'docx') },
            { label: 'Download .xlsx', onClick: () => downloadAs(r, 'xlsx') },
            ...(canDelete ? [{ label: 'Delete', onClick: () => removal.setDeleting(r) }] : []),
          ]}
        />
      ),
    },
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          component={RouterLink}
          to={`/short-answer/question/${caseId}`}
        >
          Answer a report
        </Button>
      </Box>
      <DataTable
        label="Report history"
        columns={columns}
        getRowId={(r) => r.id}
        {...pagedTableProps(paging, list, { quietRefetch: true })}
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      <ReportDialog reportId={viewing} onClose={() => setViewing(null)} />
      <RowDeleteDialog rows={removal} item="report" />
      <DownloadDialog
        open={download.progress !== null}
        title="Downloading report"
        progress={download.progress ?? 0}
        onDone={download.done}
      />
    </Box>
  );
}
