import type { KnowledgeNode } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { refusalText } from '../api/client.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { formatDateLong } from '../ui/dates.ts';
import { ListPage } from '../ui/ListPage.tsx';
import { fetchRevision, kbKeys, restoreRevision } from './api.ts';
import { KbRichText } from './ArticleBody.tsx';
import { StartingPage } from './EndedPage.tsx';
import { useMe } from './me.ts';
import { NodeBreadcrumb, useNode, useNodeId } from './NodePage.tsx';
import { Refusal } from './Refusal.tsx';

/** One past revision of an article, read-only, with Restore (a new revision with its content) for editors. */
export function RevisionPage() {
  const id = useNodeId();
  const revisionNo = Number(useParams().revision);
  const node = useNode(id);
  if (node.isError) return <Refusal error={node.error} />;
  if (!node.data) return <StartingPage />;
  return <Loaded node={node.data} revisionNo={revisionNo} />;
}

function Loaded({ node, revisionNo }: { node: KnowledgeNode; revisionNo: number }) {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [asking, setAsking] = useState(false);
  const revision = useQuery({
    queryKey: kbKeys.revision(node.id, revisionNo),
    queryFn: ({ signal }) => fetchRevision(node.id, revisionNo, signal),
  });
  const restore = useMutation({
    mutationFn: () => restoreRevision(node.id, revisionNo),
    onSuccess: async (saved) => {
      enqueueSnackbar(saved.detail, { variant: 'success' });
      setAsking(false);
      queryClient.setQueryData(kbKeys.node(node.id), saved.node);
      await queryClient.invalidateQueries({ queryKey: ['kb'] });
      void navigate(`/node/${node.id}`);
    },
    onError: (error) => {
      setAsking(false);
      enqueueSnackbar(refusalText(error), { variant: 'error' });
    },
  });
  if (revision.isError) return <Refusal error={revision.error} />;
  const data = revision.data;
  const current = revisionNo === node.revision;
  const canRestore = me.can_edit && !current && !(node.shared && !me.can_curate_shared);
  return (
    <ListPage
      maxWidth={960}
      breadcrumbs={<NodeBreadcrumb node={node} last={`Revision ${revisionNo}`} />}
      title={data ? data.title : `Revision ${revisionNo}`}
      intro={
        data &&
        `Revision ${data.revision}, saved by ${data.author ?? 'a former user'} on ${formatDateLong(data.created_at)}`
      }
      actions={
        <>
          <Button component={RouterLink} to={`/node/${node.id}`}>
            Back to the article
          </Button>
          {canRestore && (
            <Button variant="contained" onClick={() => setAsking(true)} disabled={!data}>
              Restore this revision
            </Button>
          )}
        </>
      }
    >
      {current && <Alert severity="info">This is the current revision.</Alert>}
      {!data ? (
        <StartingPage />
      ) : (
        <>
          {data.keywords.length > 0 && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label="Keywords" role="list">
              {data.keywords.map((keyword) => (
                <Chip key={keyword} label={keyword} size="small" role="listitem" />
              ))}
            </Box>
          )}
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            {data.body ? (
              <KbRichText html={data.body} label={`Revision ${data.revision}`} />
            ) : (
              <Typography color="text.secondary">This revision has no text.</Typography>
            )}
          </Paper>
        </>
      )}
      <ConfirmDialog
        open={asking}
        item="revision"
        title="Restore revision"
        question={`Restore revision ${revisionNo}? Its title, text and keywords become a new revision; nothing is lost.`}
        confirmLabel="Restore"
        confirmColor="primary"
        busy={restore.isPending}
        onConfirm={() => restore.mutate()}
        onClose={() => setAsking(false)}
      />
    </ListPage>
  );
}
