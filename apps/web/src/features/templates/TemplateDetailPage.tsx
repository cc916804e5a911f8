import { templateFields, templateMessages as M, type TemplateDetail } from '@lexdesk/contract';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useEdited } from '../../ui/useEdited.ts';
import { FileChooserButton } from '../../ui/FileChooserButton.tsx';
import { ListPage } from '../../ui/ListPage.tsx';
import {
  executePath,
  fetchTemplate,
  historyPath,
  replaceTemplateFile,
  setCategoryActive,
  updateTemplate,
} from './api.ts';
import { TagMatchingPanel } from './TagMatchingPanel.tsx';

/** /document-template/template/{id}: name, description, the document (replace), tag matching and categories. */
export function TemplateDetailPage() {
  const id = Number(useParams().id);
  // Another template's page starts afresh: no edits, progress or problem carried over.
  return <TemplateDetailView key={id} id={id} />;
}

function TemplateDetailView({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const detail = useQuery({
    queryKey: queryKeys.templates.detail(id),
    queryFn: () => fetchTemplate(id),
    enabled: id > 0,
  });
  useDocumentTitle(detail.data?.name ?? 'Template');
  // Without an unsaved edit the saved value shows, so a save updates the fields.
  const [name, setName, resetName] = useEdited(detail.data?.name ?? '');
  const [description, setDescription, resetDescription] = useEdited(detail.data?.description ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const saved = async (template: TemplateDetail, message: string) => {
    queryClient.setQueryData(queryKeys.templates.detail(id), template);
    await queryClient.invalidateQueries({ queryKey: queryKeys.templates.all });
    enqueueSnackbar(message, { variant: 'success' });
  };
  const update = useMutation({
    mutationFn: () => {
      const parsed = templateFields.safeParse({ name, description });
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? M.nameRequired);
      return updateTemplate(id, parsed.data);
    },
    onSuccess: (answer) => {
      setProblem(null);
      resetName();
      resetDescription();
      void saved(answer.template, answer.detail);
    },
    onError: (error) => setProblem(error instanceof Error && !('status' in error) ? error.message : refusalText(error)),
  });
  const toggle = useMutation({
    mutationFn: ({ categoryId, active }: { categoryId: number; active: boolean }) =>
      setCategoryActive(id, categoryId, active),
    onSuccess: (answer) => void saved(answer.template, answer.detail),
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  const replace = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    setProblem(null);
    try {
      const answer = await replaceTemplateFile(id, file, setProgress);
      await saved(answer.template, answer.detail);
    } catch (error) {
      setProblem(refusalText(error));
    } finally {
      setProgress(null);
    }
  };

  if (detail.isLoading) return <Skeleton variant="rounded" height={240} />;
  if (!detail.data) return <Typography color="error">{refusalText(detail.error)}</Typography>;
  const template = detail.data;
  return (
    <ListPage
      title={template.name}
      actions={
        <>
          <Button component={RouterLink} to={historyPath(id)}>
            History
          </Button>
          <Button variant="contained" startIcon={<PlayArrowIcon />} component={RouterLink} to={executePath(id)}>
            Execute
          </Button>
        </>
      }
      maxWidth={1000}
    >
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
        <TextField label="Template name" value={name} onChange={(e) => setName(e.target.value)} required />
        <TextField
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={2}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button variant="contained" onClick={() => update.mutate()} disabled={update.isPending}>
            Save
          </Button>
          <FileChooserButton
            ariaLabel="Replacement Word document"
            accept=".docx"
            disabled={progress !== null}
            onChoose={(chosen) => void replace(chosen ?? undefined)}
          >
            Replace document
          </FileChooserButton>
          <Typography variant="body2" color="text.secondary">
            {template.file_name} · version {template.version} · {template.tags.length} tags
          </Typography>
        </Box>
        {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />}
        {problem && (
          <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
            {problem}
          </Alert>
        )}
      </Paper>
      <TagMatchingPanel template={template} />
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="categories-title">
        <Typography variant="h2" id="categories-title" sx={{ fontSize: '1.15rem', mb: 1 }}>
          Categories
        </Typography>
        {template.categories.length === 0 ? (
          <Typography color="text.secondary">{M.noActiveCategories}</Typography>
        ) : (
          <Box sx={{ display: 'grid' }}>
            {template.categories.map((c) => (
              <FormControlLabel
                key={c.id}
                control={
                  <Switch
                    checked={c.active}
                    onChange={(e) => toggle.mutate({ categoryId: c.id, active: e.target.checked })}
                  />
                }
                label={`${c.name} ${c.active ? '(active)' : '(inactive)'}`}
              />
            ))}
          </Box>
        )}
      </Paper>
    </ListPage>
  );
}
