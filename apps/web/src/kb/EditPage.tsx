import { knowledgeMessages, type KnowledgeNode } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { isApiError, refusalText } from '../api/client.ts';
import { LazyRichTextEditor } from '../ui/LazyRichTextEditor.tsx';
import { ListPage } from '../ui/ListPage.tsx';
import { kbKeys, updateNode } from './api.ts';
import { StartingPage } from './EndedPage.tsx';
import { useMe } from './me.ts';
import { NodeBreadcrumb, useNode, useNodeId } from './NodePage.tsx';
import { Refusal } from './Refusal.tsx';

/** Keywords as typed: comma-separated, trimmed, each once. */
export const parseKeywords = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean),
  ),
];

/** Edits an article: title, keywords and text (the app's rich-text editor); a save is a new revision. */
export function EditPage() {
  const id = useNodeId();
  const node = useNode(id);
  const me = useMe();
  if (node.isError) return <Refusal error={node.error} />;
  if (!node.data) return <StartingPage />;
  if (node.data.kind !== 'instance' || !me.can_edit) return <Navigate to={`/node/${id}`} replace />;
  return <Form key={`${id}-${node.data.revision}`} node={node.data} />;
}

function Form({ node }: { node: KnowledgeNode }) {
  const [title, setTitle] = useState(node.title);
  const [keywords, setKeywords] = useState(node.keywords.join(', '));
  const [body, setBody] = useState(node.body ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    document.title = `Edit ${node.title} · Knowledge`;
  }, [node.title]);
  const save = useMutation({
    mutationFn: () =>
      updateNode(node.id, { title: title.trim(), body, keywords: parseKeywords(keywords), revision: node.revision }),
    onSuccess: async (saved) => {
      enqueueSnackbar(saved.detail, { variant: 'success' });
      queryClient.setQueryData(kbKeys.node(node.id), saved.node);
      await queryClient.invalidateQueries({ queryKey: ['kb'] });
      void navigate(`/node/${node.id}`);
    },
  });
  const conflict = isApiError(save.error, 409);
  const fieldError = (name: string) => (isApiError(save.error, 400) ? save.error.fields?.[name] : undefined);
  const refusal = save.error && !conflict && !fieldError('title') ? refusalText(save.error) : null;
  return (
    <ListPage maxWidth={960} breadcrumbs={<NodeBreadcrumb node={node} last="Edit" />} title={`Edit: ${node.title}`}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!title.trim()) return setProblem(knowledgeMessages.titleRequired);
          setProblem(null);
          save.mutate();
        }}
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
      >
        {conflict && (
          <Alert
            severity="warning"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => void queryClient.invalidateQueries({ queryKey: kbKeys.node(node.id) })}
              >
                Reload
              </Button>
            }
          >
            {knowledgeMessages.editConflict}
          </Alert>
        )}
        {refusal && <Alert severity="error">{refusal}</Alert>}
        <TextField
          label="Title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          error={Boolean(problem ?? fieldError('title'))}
          helperText={problem ?? fieldError('title')}
        />
        <TextField
          label="Keywords"
          value={keywords}
          onChange={(event) => setKeywords(event.target.value)}
          helperText={
            fieldError('keywords') ?? 'Separate keywords with commas; an analyser hit on one opens this article.'
          }
          error={Boolean(fieldError('keywords'))}
        />
        <LazyRichTextEditor label="Article text" value={body} onChange={setBody} minHeight={280} />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={`/node/${node.id}`} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </Box>
      </Paper>
    </ListPage>
  );
}
