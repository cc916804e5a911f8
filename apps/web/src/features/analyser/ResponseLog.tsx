import { FEEDBACK_COMMENT_CUT, conceptMessages as M, type FeedbackRow } from '@lexdesk/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import ThumbDownIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUpOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { deleteFeedback, fetchFeedback, fetchFeedbackCounts } from './api.ts';
import { cutText } from './copySelection.ts';
import { PartSection } from './PartSection.tsx';
import { useConceptToasts } from './useConceptToasts.ts';

/** Day, short month, year and 24-hour time (spec 03 §9). */
export const feedbackDate = (value: string) => (value ? dayjs(value).format('DD MMM YYYY HH:mm') : '');
export const thumbText = (thumb: boolean | null) => (thumb === null ? '-' : thumb ? 'Liked' : 'Disliked');

/** The head's Response Log: total likes and dislikes, each term's liked share, and the votes (spec 03 §2.1). */
export function ResponseLog({ headId }: { headId: number }) {
  const queryClient = useQueryClient();
  const toasts = useConceptToasts();
  const paging = usePaging();
  const [deleting, setDeleting] = useState<FeedbackRow | null>(null);
  const counts = useQuery({
    queryKey: queryKeys.analyser.feedbackCounts(headId),
    queryFn: () => fetchFeedbackCounts(headId),
  });
  const rows = useQuery({
    queryKey: queryKeys.analyser.feedback(headId, paging.pageNo, paging.limits),
    queryFn: ({ signal }) => fetchFeedback(headId, paging.pageNo, paging.limits, signal),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (row: FeedbackRow) => deleteFeedback(row.id),
    onSuccess: async () => {
      toasts.success(M.feedbackDeleted);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.analyser.feedbackAll(headId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.analyser.feedbackCounts(headId) });
    },
    onError: () => {
      toasts.problem(M.feedbackDeleteFailed);
      setDeleting(null);
    },
  });
  const columns: DataTableColumn<FeedbackRow>[] = [
    { key: 'date', header: 'Date', render: (row) => feedbackDate(row.created_date) },
    { key: 'user', header: 'User', hideOnMobile: true, render: (row) => row.created_user },
    { key: 'term', header: 'Term', hideOnMobile: true, render: (row) => row.term || '-' },
    { key: 'thumb', header: 'Response', render: (row) => thumbText(row.thumbs_up) },
    {
      key: 'comments',
      header: 'Comments',
      render: (row) => (
        <Tooltip title={row.comments.length > FEEDBACK_COMMENT_CUT ? row.comments : ''}>
          <span>{cutText(row.comments, FEEDBACK_COMMENT_CUT) || '-'}</span>
        </Tooltip>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 70,
      render: (row) =>
        row.actions.delete && (
          <IconButton
            size="small"
            aria-label={`Delete response of ${row.created_user}`}
            onClick={() => setDeleting(row)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        ),
    },
  ];
  const data = counts.data;
  return (
    <PartSection title="Response Log">
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip icon={<ThumbUpIcon />} label={`Total likes: ${data?.thumbs_up_count ?? 0}`} variant="outlined" />
        <Chip icon={<ThumbDownIcon />} label={`Total dislikes: ${data?.thumbs_down_count ?? 0}`} variant="outlined" />
      </Box>
      {data?.covers === 'every_organisation' && (
        // The provider's counts on a list it curates: every organisation's, without who voted or why.
        <Typography variant="body2" color="text.secondary">
          The counts cover every organisation using this list, anonymously. The responses below are your organisation's
          only.
        </Typography>
      )}
      {(data?.terms ?? []).length > 0 && (
        <Box component="ul" aria-label="Liked share by term" sx={{ m: 0, pl: 3 }}>
          {(data?.terms ?? []).map((term) => (
            <Typography component="li" variant="body2" key={term.term}>
              {term.term}: {Math.round(term.liked_share * 100)}% liked ({term.likes} liked, {term.dislikes} disliked)
            </Typography>
          ))}
        </Box>
      )}
      <DataTable label="Responses" columns={columns} getRowId={(row) => row.id} {...pagedTableProps(paging, rows)} />
      <ConfirmDialog
        open={deleting !== null}
        item="feedback"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </PartSection>
  );
}
