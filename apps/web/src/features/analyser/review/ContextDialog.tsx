import { HORIZON_OPTIONS, reviewMessages as RM, type ContextRow } from '@lexdesk/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ThumbDownIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUpOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { refusalText } from '../../../api/client.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../../ui/DataTable.tsx';
import { TitledDialog } from '../../../ui/TitledDialog.tsx';
import { useMobile } from '../../../ui/useMobile.ts';
import { viewerPath } from '../../cases/index.ts';
import { KnowledgeLookupButton } from '../../knowledge/index.ts';
import { PlaybookPositions } from '../../playbooks/index.ts';
import { fetchContext } from './api.ts';
import { FeedbackDialog, type FeedbackTarget } from './FeedbackDialog.tsx';

/** What a count opened: a head (every term) or one term of it, in one document. */
export interface ContextTarget {
  conceptId: number;
  head: string;
  documentId: number;
  documentName: string;
  caseTaskId?: number;
  term?: string;
  /** The document can still be opened (a saved search may name deleted ones). */
  openable: boolean;
}

/** The viewer at one hit: the term found and its nth whole-word occurrence highlighted (`?hit=n`). */
export const hitPath = (documentId: number, row: ContextRow) =>
  `${viewerPath(documentId, row.term)}&hit=${row.occurrence}`;

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A phrase goes to a search box in quotes, as the document search reads it. */
const searchText = (term: string) => (/\s/.test(term) ? `"${term}"` : term);

interface ContextDialogProps {
  target: ContextTarget | null;
  horizon: number;
  onHorizonChange: (horizon: number) => void;
  /** Like and dislike (a saved search's view shows the figures only). */
  feedback: boolean;
  onClose: () => void;
}

/**
 * Keyword in Context (spec 03 §2.5): every hit of the head or term in the document, `horizon` words either side;
 * copy text, copy to search, the viewer at the hit, like or dislike with a comment.
 */
export function ContextDialog({ target, horizon, onHorizonChange, feedback, onClose }: ContextDialogProps) {
  return (
    <TitledDialog
      open={target !== null}
      title={target ? `Keyword in Context: ${target.term ?? target.head}` : 'Keyword in Context'}
      onClose={onClose}
      maxWidth="lg"
    >
      {target && (
        <Body
          key={`${target.conceptId}-${target.documentId}-${target.term ?? ''}`}
          target={target}
          horizon={horizon}
          onHorizonChange={onHorizonChange}
          feedback={feedback}
        />
      )}
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </TitledDialog>
  );
}

function Body({
  target,
  horizon,
  onHorizonChange,
  feedback,
}: Omit<ContextDialogProps, 'onClose' | 'target'> & { target: ContextTarget }) {
  const { enqueueSnackbar } = useSnackbar();
  const paging = usePaging();
  const mobile = useMobile();
  const [voting, setVoting] = useState<FeedbackTarget | null>(null);
  const params = {
    conceptId: target.conceptId,
    documentId: target.documentId,
    ...(target.caseTaskId ? { caseTaskId: target.caseTaskId } : {}),
    ...(target.term ? { term: target.term } : {}),
    horizon,
    pageNo: paging.pageNo,
    limits: paging.limits,
  };
  const rows = useQuery({
    queryKey: ['analyser', 'context', params],
    queryFn: ({ signal }) => fetchContext(params, signal),
    placeholderData: keepPreviousData,
    enabled: target.openable,
  });
  const copied = async (text: string, message: string) => {
    if (await copy(text)) enqueueSnackbar(message, { variant: 'success' });
    else enqueueSnackbar(text, { variant: 'info' });
  };
  const vote = (row: ContextRow, thumbsUp: boolean) =>
    setVoting({ conceptId: target.conceptId, documentId: target.documentId, row, thumbsUp });

  const votes = (row: ContextRow) => (
    <>
      <IconButton size="small" aria-label={`Like hit ${row.occurrence} of ${row.term}`} onClick={() => vote(row, true)}>
        <ThumbUpIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={`Dislike hit ${row.occurrence} of ${row.term}`}
        onClick={() => vote(row, false)}
      >
        <ThumbDownIcon fontSize="small" />
      </IconButton>
    </>
  );
  // On a phone the like and dislike join the Action column (two by two), so Left, Terms and Right keep the width.
  const feedbackInActions = feedback && mobile;
  const columns: DataTableColumn<ContextRow>[] = [
    {
      key: 'action',
      header: 'Action',
      width: feedbackInActions ? 112 : 128,
      render: (row) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', width: feedbackInActions ? 96 : 'auto' }}>
          <Tooltip title="Copy text">
            <IconButton size="small" aria-label="Copy text" onClick={() => void copied(row.sentence, RM.textCopied)}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Copy to search">
            <IconButton
              size="small"
              aria-label="Copy to search"
              onClick={() => void copied(searchText(row.keyword), RM.textToSearchCopied)}
            >
              <ManageSearchIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Suspense fallback={null}>
            <KnowledgeLookupButton
              term={row.term}
              conceptHeadId={target.conceptId}
              hitLabel={`hit ${row.occurrence} of ${row.term}`}
            />
          </Suspense>
          {feedbackInActions && votes(row)}
        </Box>
      ),
    },
    { key: 'left', header: 'Left', minWidth: 100, render: (row) => <Side text={row.left} align="right" /> },
    {
      key: 'terms',
      header: 'Terms',
      render: (row) => (
        <Box component="mark" sx={{ px: 0.5, borderRadius: 0.5, bgcolor: 'warning.light', color: 'common.black' }}>
          {row.keyword}
        </Box>
      ),
    },
    { key: 'right', header: 'Right', minWidth: 100, render: (row) => <Side text={row.right} align="left" /> },
    {
      key: 'view',
      header: 'View',
      width: 64,
      render: (row) => (
        <IconButton
          size="small"
          component={RouterLink}
          to={hitPath(target.documentId, row)}
          target="_blank"
          rel="noopener"
          aria-label={`View hit ${row.occurrence} of ${row.term} in the document`}
        >
          <OpenInNewIcon fontSize="small" />
        </IconButton>
      ),
    },
    ...(feedback && !feedbackInActions
      ? [{ key: 'feedback', header: 'Feedback', width: 96, noWrap: true, render: votes }]
      : []),
  ];

  return (
    <DialogContent
      dividers
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', alignContent: 'start', gap: 2 }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ flex: '1 1 16rem', minWidth: 0, overflowWrap: 'anywhere' }}>
          {target.head} in <strong>{target.documentName}</strong>
        </Typography>
        <TextField
          select
          size="small"
          label="Context"
          value={horizon}
          onChange={(event) => {
            onHorizonChange(Number(event.target.value));
            paging.setPageNo(1);
          }}
          sx={{ minWidth: 140 }}
        >
          {HORIZON_OPTIONS.map((words) => (
            <MenuItem key={words} value={words}>
              {words} words
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {!target.openable ? (
        <Typography color="text.secondary">This document has been deleted or can no longer be opened.</Typography>
      ) : (
        <DataTable
          label="Keyword in Context"
          columns={columns}
          getRowId={(row) => `${row.term}-${row.occurrence}`}
          {...pagedTableProps(paging, rows)}
        />
      )}
      {rows.isError && <Typography color="error">{refusalText(rows.error)}</Typography>}
      <Suspense fallback={null}>
        <PlaybookPositions conceptId={target.conceptId} />
      </Suspense>
      {voting && <FeedbackDialog target={voting} onClose={() => setVoting(null)} />}
    </DialogContent>
  );
}

/** One side of the context: wraps within its column. */
function Side({ text, align }: { text: string; align: 'left' | 'right' }) {
  return (
    <Typography variant="body2" sx={{ textAlign: { xs: 'left', sm: align }, overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  );
}
