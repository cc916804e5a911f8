import { playbookMessages as M, type PlaybookAttachment } from '@lexdesk/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useId } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { DataTable, localPage, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { DownloadDialog } from '../../ui/DownloadDialog.tsx';
import { FileChooserButton } from '../../ui/FileChooserButton.tsx';
import { UploadList } from '../../ui/UploadList.tsx';
import { useUploadQueue } from '../../ui/useUploadQueue.ts';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { useDownload } from '../../ui/useDownload.ts';
import { attachmentPath, deleteAttachment, fetchAttachments, uploadAttachment } from './api.ts';
import { ATTACHMENT_ACCEPT, ATTACHMENT_STATE, attachmentProblem, fileSize } from './attachments.ts';

const POLL_MS = 3000;

/**
 * A saved playbook's attachments (.docx, .pdf, .txt): upload, the search index's progress on each (polled while
 * any is being indexed), download and delete.
 */
export function AttachmentsSection({ playbookId, editable }: { playbookId: number; editable: boolean }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const paging = usePaging();
  const download = useDownload();
  const list = useQuery({
    queryKey: queryKeys.playbooks.attachments(playbookId),
    queryFn: ({ signal }) => fetchAttachments(playbookId, signal),
    refetchInterval: (query) => (query.state.data?.data.some((a) => a.state === 'pending') ? POLL_MS : false),
  });
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.playbooks.attachments(playbookId) });
    await queryClient.invalidateQueries({ queryKey: queryKeys.playbooks.detail(playbookId) });
  }, [playbookId, queryClient]);
  // Several files at once, each with its own progress bar and outcome, as the case documents upload.
  const send = useCallback(
    (file: File, onProgress: (percent: number) => void) => uploadAttachment(playbookId, file, onProgress),
    [playbookId],
  );
  const uploads = useUploadQueue(send, refresh);
  const rows = useRowDelete(
    (row: PlaybookAttachment) => deleteAttachment(row.id),
    [queryKeys.playbooks.attachments(playbookId), queryKeys.playbooks.detail(playbookId)],
    M.attachmentDeleted,
  );
  const attachments = list.data?.data;
  const choose = (files: File[]) => {
    const accepted: File[] = [];
    for (const file of files) {
      // Each file counts against the limit with the ones accepted before it.
      const problem = attachmentProblem(file, (attachments?.length ?? 0) + accepted.length);
      if (problem) enqueueSnackbar(`${file.name}: ${problem}`, { variant: 'error' });
      else accepted.push(file);
    }
    uploads.add(accepted);
  };

  const columns: DataTableColumn<PlaybookAttachment>[] = [
    {
      key: 'name',
      header: 'File',
      minWidth: 140,
      render: (row) => (
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {row.file_name}
        </Typography>
      ),
    },
    {
      key: 'state',
      header: 'State',
      render: (row) => (
        <Chip
          size="small"
          variant="outlined"
          color={ATTACHMENT_STATE[row.state].color}
          label={ATTACHMENT_STATE[row.state].label}
        />
      ),
    },
    { key: 'size', header: 'Size', hideOnMobile: true, render: (row) => fileSize(row.size) },
    {
      key: 'uploaded',
      header: 'Uploaded',
      hideOnMobile: true,
      render: (row) => `${formatDateShort(row.uploaded_at)}${row.uploaded_by ? ` by ${row.uploaded_by}` : ''}`,
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 96,
      render: (row) => (
        <Box sx={{ display: 'flex' }}>
          <Tooltip title="Download">
            <IconButton
              size="small"
              aria-label={`Download ${row.file_name}`}
              onClick={() => void download.start(attachmentPath(row.id), {}, row.file_name)}
            >
              <DownloadIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {editable && (
            <Tooltip title="Delete">
              <IconButton size="small" aria-label={`Delete ${row.file_name}`} onClick={() => rows.setDeleting(row)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ),
    },
  ];

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px' }}>
          <Typography id={headingId} variant="h2" component="h2">
            Attachments
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Reference contracts and guidance notes (.docx, .pdf or .txt, up to 25 MB); the term search finds their words
            once they are searchable.
          </Typography>
        </Box>
        {editable && (
          <FileChooserButton ariaLabel="Attachment file" accept={ATTACHMENT_ACCEPT} onChooseFiles={choose}>
            Upload attachments
          </FileChooserButton>
        )}
      </Box>
      <UploadList items={uploads.items} onClear={uploads.clearFinished} />
      <DataTable
        label="Attachments"
        columns={columns}
        getRowId={(row) => row.id}
        {...pagedTableProps(paging, {
          data: localPage(paging, attachments),
          isFetching: list.isFetching && !attachments,
        })}
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      <RowDeleteDialog rows={rows} item="attachment" />
      <DownloadDialog open={download.progress !== null} progress={download.progress ?? 0} onDone={download.done} />
    </Paper>
  );
}
