import { KNOWLEDGE_ATTACHMENT_EXTENSIONS, type KnowledgeAttachment, type KnowledgeNode } from '@lexdesk/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { refusalText } from '../api/client.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { formatDateShort } from '../ui/dates.ts';
import { FileChooserButton } from '../ui/FileChooserButton.tsx';
import { attachmentPath, deleteAttachment, kbKeys, uploadAttachment } from './api.ts';
import { useKbDownload } from './useKbDownload.ts';

const kb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1048576).toFixed(1)} MB`;
const STATES = { pending: 'indexing for search', indexed: 'searchable', failed: 'text could not be read' } as const;

/** The article's files (.docx, .pdf, .txt): download for readers; upload and delete for those who edit. */
export function AttachmentsPanel({ node, editable }: { node: KnowledgeNode; editable: boolean }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const download = useKbDownload();
  const [deleting, setDeleting] = useState<KnowledgeAttachment | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: kbKeys.node(node.id) });
  const upload = useMutation({
    mutationFn: (file: File) => uploadAttachment(node.id, file),
    onSuccess: async (added) => {
      enqueueSnackbar(added.detail, { variant: 'success' });
      await refresh();
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteAttachment(id),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail, { variant: 'success' });
      setDeleting(null);
      await refresh();
    },
    onError: (error) => {
      enqueueSnackbar(refusalText(error), { variant: 'error' });
      setDeleting(null);
    },
  });
  return (
    <Box component="section" aria-labelledby="kb-attachments" sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2" id="kb-attachments">
          Attachments
        </Typography>
        {editable && (
          <FileChooserButton
            ariaLabel="Attach a file"
            accept={KNOWLEDGE_ATTACHMENT_EXTENSIONS.join(',')}
            disabled={upload.isPending}
            onChoose={(file) => file && upload.mutate(file)}
          >
            Attach a file
          </FileChooserButton>
        )}
      </Box>
      {upload.isPending && <LinearProgress aria-label="Uploading" />}
      <Paper variant="outlined">
        {node.attachments.length === 0 ? (
          <Typography color="text.secondary" variant="body2" sx={{ p: 2 }}>
            No attachments.
          </Typography>
        ) : (
          <List dense aria-label="Attachments">
            {node.attachments.map((file) => (
              <ListItem
                key={file.id}
                secondaryAction={
                  <Box sx={{ display: 'flex' }}>
                    <IconButton
                      aria-label={`Download ${file.file_name}`}
                      onClick={() => void download(attachmentPath(file.id))}
                    >
                      <DownloadIcon />
                    </IconButton>
                    {editable && (
                      <IconButton aria-label={`Delete ${file.file_name}`} onClick={() => setDeleting(file)}>
                        <DeleteIcon />
                      </IconButton>
                    )}
                  </Box>
                }
                sx={{ pr: editable ? 12 : 7 }}
              >
                <ListItemText
                  primary={file.file_name}
                  secondary={`${kb(file.size)} · ${file.uploaded_by ?? 'a former user'}, ${formatDateShort(file.uploaded_at)} · ${STATES[file.state]}`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      <ConfirmDialog
        open={deleting !== null}
        item="attachment"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
