import { TASK_ATTACHMENT_EXTENSIONS, TASK_LIMITS, taskMessages as M, type TaskAttachment } from '@lexdesk/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { formatDateShort } from '../../ui/dates.ts';
import { DownloadDialog } from '../../ui/DownloadDialog.tsx';
import { FileChooserButton } from '../../ui/FileChooserButton.tsx';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { formatSize } from '../../ui/text.ts';
import { useDownload } from '../../ui/useDownload.ts';
import { deleteTaskAttachment, taskAttachmentPath, uploadTaskAttachment } from './api.ts';
import { Section } from './Section.tsx';

/** Why a chosen file cannot be attached (type, size, count), before it is sent; null when it can. */
export function attachmentProblem(file: { name: string; size: number }, count: number): string | null {
  const name = file.name.toLowerCase();
  if (!TASK_ATTACHMENT_EXTENSIONS.some((ext) => name.endsWith(ext))) return M.attachmentType;
  if (file.size > TASK_LIMITS.attachmentBytes) return M.attachmentTooLarge;
  if (count >= TASK_LIMITS.attachmentsPerTask) return M.tooManyAttachments;
  return null;
}

/** The task's files: upload (with progress), download and delete. */
export function TaskAttachments({
  taskId,
  attachments,
  editable,
}: {
  taskId: number;
  attachments: readonly TaskAttachment[];
  editable: boolean;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const download = useDownload();
  const [progress, setProgress] = useState(0);
  const upload = useMutation({
    mutationFn: (file: File) => uploadTaskAttachment(taskId, file, setProgress),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || M.attachmentAdded, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.tasks.detail(taskId) });
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  const rows = useRowDelete(
    (row: TaskAttachment) => deleteTaskAttachment(row.id),
    [queryKeys.tasks.detail(taskId)],
    M.attachmentDeleted,
  );
  const choose = (file: File | null) => {
    if (!file) return;
    const problem = attachmentProblem(file, attachments.length);
    if (problem) return void enqueueSnackbar(problem, { variant: 'error' });
    setProgress(0);
    upload.mutate(file);
  };

  return (
    <Section
      title={`Attachments (${attachments.length})`}
      actions={
        editable && (
          <FileChooserButton
            ariaLabel="Attach a file"
            accept={TASK_ATTACHMENT_EXTENSIONS.join(',')}
            onChoose={choose}
            disabled={upload.isPending}
          >
            Attach a file
          </FileChooserButton>
        )
      }
    >
      {upload.isPending && <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />}
      {attachments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No files attached.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
          {attachments.map((file) => (
            <Box component="li" key={file.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {file.file_name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatSize(file.size)} · {formatDateShort(file.uploaded_at)}
                  {file.uploaded_by ? ` · ${file.uploaded_by}` : ''}
                </Typography>
              </Box>
              <Tooltip title="Download">
                <IconButton
                  size="small"
                  aria-label={`Download ${file.file_name}`}
                  onClick={() => void download.start(taskAttachmentPath(file.id), {}, file.file_name)}
                >
                  <DownloadIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              {file.can_delete && (
                <Tooltip title="Delete">
                  <IconButton
                    size="small"
                    aria-label={`Delete ${file.file_name}`}
                    onClick={() => rows.setDeleting(file)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          ))}
        </Box>
      )}
      <DownloadDialog open={download.progress !== null} progress={download.progress ?? 0} onDone={download.done} />
      <RowDeleteDialog rows={rows} item="Attachment" />
    </Section>
  );
}
