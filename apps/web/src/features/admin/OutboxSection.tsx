import { commonMessages, OUTBOX_KIND_LABELS, type OutboxItem } from '@lexdesk/contract';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { saveBlob } from '../../ui/csv.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateLong, formatDateShort } from '../../ui/dates.ts';
import { DownloadDialog } from '../../ui/DownloadDialog.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { fetchOutbox } from './api.ts';
import { OutboxMessageDialog } from './OutboxMessageDialog.tsx';
import { fetchWholeOutbox, outboxCsv } from './outboxCsv.ts';
import { StatusChip } from './StatusChip.tsx';

/**
 * The provider's outbox, newest first, with the full message on click: its own organisation's mail and every
 * organisation's account mail (links, invitations, codes); a firm's business mail (an invoice) is not shown.
 */
export function OutboxSection() {
  const paging = usePaging();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState<OutboxItem | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const outbox = useQuery({
    queryKey: queryKeys.outbox(paging.pageNo, paging.limits, paging.search),
    queryFn: ({ signal }) => fetchOutbox(paging.pageNo, paging.limits, paging.search, signal),
    placeholderData: keepPreviousData,
  });

  const columns: DataTableColumn<OutboxItem>[] = [
    {
      key: 'date',
      header: 'Date',
      width: 150,
      render: (item) => (
        <time dateTime={item.created_at} title={formatDateLong(item.created_at)} style={{ whiteSpace: 'nowrap' }}>
          {formatDateShort(item.created_at)}
        </time>
      ),
    },
    { key: 'channel', header: 'Channel', width: 90, hideOnMobile: true, render: (item) => item.channel },
    { key: 'kind', header: 'Kind', width: 150, hideOnMobile: true, render: (item) => OUTBOX_KIND_LABELS[item.kind] },
    { key: 'to', header: 'To', noWrap: true, render: (item) => item.to_address },
    {
      key: 'subject',
      header: 'Subject',
      minWidth: 200,
      render: (item) => (
        <Link
          component="button"
          type="button"
          onClick={(event) => {
            event.stopPropagation();
            setOpen(item);
          }}
          sx={{ textAlign: 'left' }}
        >
          {item.subject}
        </Link>
      ),
    },
    { key: 'status', header: 'Status', width: 100, render: (item) => <StatusChip status={item.status} /> },
  ];

  const download = async () => {
    setProgress(0);
    try {
      const items = await fetchWholeOutbox((pageNo, limits) => fetchOutbox(pageNo, limits, paging.search), setProgress);
      const stamp = new Date().toISOString().slice(0, 10);
      saveBlob(new Blob([outboxCsv(items)], { type: 'text/csv;charset=utf-8' }), `outbox-${stamp}.csv`);
      setProgress(100);
      enqueueSnackbar(commonMessages.downloaded, { variant: 'success' });
    } catch {
      setProgress(null);
      enqueueSnackbar(commonMessages.generic, { variant: 'error' });
    }
  };
  const downloadDone = useCallback(() => setProgress(null), []);

  return (
    <Paper component="section" aria-label="Outbox section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}
      >
        <Box>
          <Typography variant="h2">Outbox</Typography>
          <Typography variant="body2" color="text.secondary">
            Account mail of every organisation (links, invitations, codes) and all mail of your own organisation, with
            links and codes masked. Open a message to read it.
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void download()}
          disabled={progress !== null || !outbox.data?.page.total_count}
        >
          Download CSV
        </Button>
      </Box>
      <Box sx={{ mb: 2 }}>
        <SearchField label="Search by recipient or subject" onSearch={paging.setSearch} />
      </Box>
      <DataTable
        label="Outbox"
        columns={columns}
        getRowId={(item) => item.id}
        {...pagedTableProps(paging, outbox)}
        onRowClick={setOpen}
      />
      <OutboxMessageDialog item={open} onClose={() => setOpen(null)} />
      <DownloadDialog
        open={progress !== null}
        title="Downloading outbox"
        progress={progress ?? 0}
        onDone={downloadDone}
      />
    </Paper>
  );
}
