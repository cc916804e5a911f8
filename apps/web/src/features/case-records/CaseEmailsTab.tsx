import { caseEmailMessages, type CaseEmail } from '@lexdesk/contract';
import AttachIcon from '@mui/icons-material/AttachFile';
import UploadIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { DownloadDialog } from '../../ui/DownloadDialog.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { useDownload } from '../../ui/useDownload.ts';
import { readableAddresses, senderName } from '../../ui/text.ts';
import type { CaseTabProps } from '../../app/webModule.ts';
import { deleteEmailForGood, fetchEmails, importEmail, moveEmailToBin, restoreEmail } from './api.ts';
import { EmailDetailDialog } from './EmailDetailDialog.tsx';

/** A delete awaiting confirmation: to the recycle bin, or for good from it. */
type Pending = { kind: 'bin' | 'purge'; email: CaseEmail };

/** A case's emails (spec 01 §6 Emails, every role): import .eml/.msg, read, recycle bin, restore, delete for good. */
export function CaseEmailsTab({ caseDetail }: CaseTabProps) {
  const caseId = caseDetail.id;
  const paging = usePaging();
  const [bin, setBin] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [upload, setUpload] = useState<{ name: string; progress: number } | null>(null);
  const download = useDownload();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const list = useQuery({
    queryKey: queryKeys.caseRecords.emailList(caseId, bin, paging.pageNo, paging.limits),
    queryFn: ({ signal }) => fetchEmails(caseId, bin, paging.pageNo, paging.limits, signal),
    placeholderData: keepPreviousData,
  });
  // An email's attachments are documents of the case: both lists change with it.
  const lists = [queryKeys.caseRecords.emails(caseId), queryKeys.cases.caseDocuments(caseId)];
  const refresh = async () => {
    for (const queryKey of lists) await queryClient.invalidateQueries({ queryKey });
  };

  const importFiles = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      setUpload({ name: file.name, progress: 0 });
      try {
        await importEmail(caseId, file, (progress) => setUpload({ name: file.name, progress }));
        enqueueSnackbar(caseEmailMessages.imported, { variant: 'success' });
      } catch (error) {
        enqueueSnackbar(`${file.name}: ${refusalText(error)}`, { variant: 'error' });
      }
    }
    setUpload(null);
    if (input.current) input.current.value = '';
    await refresh();
  };

  const removal = useRowDelete(
    ({ kind, email }: Pending) => (kind === 'bin' ? moveEmailToBin : deleteEmailForGood)(email.emailId),
    lists,
  );
  const restore = useMutation({
    mutationFn: (email: CaseEmail) => restoreEmail(email.emailId),
    onSuccess: async () => {
      enqueueSnackbar(caseEmailMessages.restored, { variant: 'success' });
      await refresh();
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });

  const columns: DataTableColumn<CaseEmail>[] = [
    {
      key: 'subject',
      header: 'Subject',
      minWidth: 180,
      render: (e) => (
        <Link component="button" type="button" onClick={() => setOpen(e.emailId)} sx={{ textAlign: 'left' }}>
          {e.subject || '(no subject)'}
        </Link>
      ),
    },
    {
      key: 'from',
      header: 'From',
      noWrap: true,
      hideOnMobile: true,
      render: (e) => <span title={readableAddresses(e.from_address)}>{senderName(e.from_address)}</span>,
    },
    { key: 'sent', header: 'Sent', hideOnMobile: true, render: (e) => (e.sent_at ? formatDateShort(e.sent_at) : '—') },
    {
      key: 'attachments',
      header: 'Attachments',
      render: (e) =>
        e.hasAttachments ? (
          <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <AttachIcon fontSize="small" aria-hidden />
            {e.attachment_count}
          </Box>
        ) : (
          'None'
        ),
    },
    ...(bin
      ? [
          {
            key: 'deleted',
            header: 'Deleted',
            hideOnMobile: true,
            render: (e: CaseEmail) => formatDateShort(e.deleted_at ?? ''),
          },
        ]
      : []),
    {
      key: 'actions',
      header: 'Actions',
      width: 80,
      render: (e) => (
        <RowActions
          label={`Actions for ${e.subject || 'email'}`}
          actions={
            bin
              ? [
                  { label: 'Restore', onClick: () => restore.mutate(e) },
                  { label: 'Delete for good', onClick: () => removal.setDeleting({ kind: 'purge', email: e }) },
                ]
              : [
                  { label: 'Open', onClick: () => setOpen(e.emailId) },
                  {
                    label: 'Download original',
                    onClick: () => void download.start(`case/email/${e.emailId}/download/`, {}, e.file_name),
                  },
                  { label: 'Delete', onClick: () => removal.setDeleting({ kind: 'bin', email: e }) },
                ]
          }
        />
      ),
    },
  ];

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={bin ? 'bin' : 'emails'}
          onChange={(_e, value: string | null) => {
            if (!value) return;
            setBin(value === 'bin');
            paging.setPageNo(1);
          }}
          aria-label="Emails or recycle bin"
          // The default unselected colour is too faint for WCAG AA contrast.
          sx={{ '& .MuiToggleButton-root': { color: 'text.primary' } }}
        >
          <ToggleButton value="emails">Emails</ToggleButton>
          <ToggleButton value="bin">Recycle bin</ToggleButton>
        </ToggleButtonGroup>
        <Button
          variant="contained"
          startIcon={<UploadIcon />}
          onClick={() => input.current?.click()}
          disabled={upload !== null}
        >
          Import email
        </Button>
        <input
          ref={input}
          type="file"
          accept=".eml,.msg,message/rfc822,application/vnd.ms-outlook"
          multiple
          hidden
          aria-label="Email files to import"
          data-testid="email-file-input"
          onChange={(event) => void importFiles(event.target.files)}
        />
      </Box>
      {upload && (
        <Box aria-live="polite">
          <Typography variant="body2">
            Importing {upload.name} ({upload.progress}%)
          </Typography>
          <LinearProgress variant="determinate" value={upload.progress} aria-label={`Import of ${upload.name}`} />
        </Box>
      )}
      <Typography variant="body2" color="text.secondary">
        {bin
          ? 'Deleted emails stay here until you restore them or delete them for good.'
          : 'Import .eml or .msg files; each attachment becomes a document of the case.'}
      </Typography>
      <DataTable
        label={bin ? 'Recycle bin' : 'Emails'}
        columns={columns}
        getRowId={(e) => e.emailId}
        {...pagedTableProps(paging, list, { quietRefetch: true })}
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      <EmailDetailDialog emailId={open} onClose={() => setOpen(null)} />
      <RowDeleteDialog
        rows={removal}
        item="email"
        title={removal.deleting?.kind === 'purge' ? 'Delete for good' : 'Move to recycle bin'}
      />
      <DownloadDialog open={download.progress !== null} progress={download.progress ?? 0} onDone={download.done} />
    </Box>
  );
}
