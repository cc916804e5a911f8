import {
  PLAYBOOK_LIMITS as L,
  PLAYBOOK_TYPES,
  playbookMessages as M,
  type PlaybookDetail,
  type PlaybookType,
} from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PublishIcon from '@mui/icons-material/PublishOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isApiError, refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { createPlaybook, publishPlaybook, updatePlaybook } from './api.ts';
import { AttachmentsSection } from './AttachmentsSection.tsx';
import { CategoryField } from './CategoryField.tsx';
import {
  draftErrors,
  draftFromDetail,
  emptyDraft,
  entriesWithErrors,
  inputOf,
  moveItem,
  newEntry,
  removeAt,
  withCategories,
  type DraftEntry,
  type PlaybookDraft,
} from './draft.ts';
import { EntryEditor } from './EntryEditor.tsx';
import { PLAYBOOK_LIST_PATH, playbookEditPath, playbookViewPath } from './paths.ts';
import { useCategories } from './useCategories.ts';

const snapshot = (draft: PlaybookDraft) => JSON.stringify(inputOf(draft));

/**
 * The playbook editor (docs/playbooks.md): the playbook's fields, its entries in order, its attachments once it
 * exists; Save keeps the draft, Publish (after saving any change) freezes it as the next version.
 */
export function PlaybookEditor({ detail }: { detail: PlaybookDetail | null }) {
  const id = detail?.id ?? null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const categories = useCategories();
  const [draft, setDraft] = useState<PlaybookDraft>(() => (detail ? draftFromDetail(detail) : emptyDraft()));
  const [saved, setSaved] = useState(() => snapshot(draft));
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(draft.entries.length <= 2 ? draft.entries.map((entry) => entry.key) : []),
  );
  const dirty = snapshot(draft) !== saved;
  const errors = { ...(checked ? draftErrors(draft) : {}), ...serverErrors };
  const firstError = Object.values(errors)[0];

  // Leaving the browser page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change = (next: (current: PlaybookDraft) => PlaybookDraft) => {
    setDraft(next);
    if (Object.keys(serverErrors).length) setServerErrors({});
  };
  const patchEntry = (key: string, patch: Partial<DraftEntry>) =>
    change((current) => ({
      ...current,
      entries: current.entries.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)),
    }));
  const toggle = (key: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  /** Checks the draft with the contract: false (and the entries at fault opened) when it breaks a rule. */
  const valid = () => {
    setChecked(true);
    const found = draftErrors(draft);
    const faulty = entriesWithErrors(found);
    if (faulty.size) {
      setExpanded((open) => new Set([...open, ...draft.entries.filter((_, i) => faulty.has(i)).map((e) => e.key)]));
    }
    return Object.keys(found).length === 0;
  };
  const refused = (error: unknown) => {
    if (isApiError(error) && error.fields) setServerErrors(error.fields);
    enqueueSnackbar(refusalText(error), { variant: 'error' });
  };
  const saveDraft = async () => {
    const body = inputOf(draft);
    const answer = id ? await updatePlaybook(id, body) : await createPlaybook(body);
    setSaved(snapshot(draft));
    return answer;
  };

  const save = useMutation({
    mutationFn: saveDraft,
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || (id ? M.updated : M.created), { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.playbooks.all });
      // A new playbook continues at its own address, where attachments and Publish appear.
      if (!id) void navigate(playbookEditPath(answer.id), { replace: true });
    },
    onError: refused,
  });
  const publish = useMutation({
    mutationFn: async (playbookId: number) => {
      if (dirty) await saveDraft();
      return publishPlaybook(playbookId);
    },
    onSuccess: async (answer) => {
      enqueueSnackbar(M.published(answer.version), { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.playbooks.all });
    },
    onError: refused,
  });
  const busy = save.isPending || publish.isPending;
  const onSave = () => {
    if (valid()) save.mutate();
  };
  const onPublish = () => {
    if (id && valid()) publish.mutate(id);
  };
  const addEntry = () => {
    const entry = newEntry();
    change((current) => ({ ...current, entries: [...current.entries, entry] }));
    setExpanded((open) => new Set([...open, entry.key]));
  };
  const chosenCategories = (categories.data?.data ?? detail?.categories ?? []).filter((category) =>
    draft.category_ids.includes(category.id),
  );

  // One row of buttons, kept in sight at the bottom of the page while the entries scroll.
  const buttons = (
    <>
      <Button variant="contained" onClick={onSave} disabled={busy}>
        Save
      </Button>
      {id && (
        <Button
          variant="outlined"
          startIcon={<PublishIcon />}
          onClick={onPublish}
          disabled={busy || (!dirty && detail?.has_unpublished_changes === false)}
        >
          {dirty ? 'Save and publish' : 'Publish'}
        </Button>
      )}
    </>
  );

  return (
    <ListPage
      title={id ? 'Edit playbook' : 'New Playbook'}
      intro={detail ? undefined : 'Name it, choose its type, then add entries; save to keep the draft.'}
      maxWidth={1040}
      back={
        <IconButton
          component={RouterLink}
          to={id ? playbookViewPath(id) : PLAYBOOK_LIST_PATH}
          aria-label={id ? 'Back to the playbook' : 'Back to My Playbook'}
        >
          <ArrowBackIcon />
        </IconButton>
      }
    >
      {detail && <Status detail={detail} dirty={dirty} />}
      {checked && firstError && (
        <Alert severity="error" role="alert">
          {firstError}
        </Alert>
      )}
      <Paper
        variant="outlined"
        component="section"
        aria-label="Playbook details"
        sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}
      >
        <TextField
          label="Name"
          required
          value={draft.name}
          onChange={(event) => change((current) => ({ ...current, name: event.target.value }))}
          error={Boolean(errors.name)}
          helperText={errors.name}
          slotProps={{ htmlInput: { maxLength: L.name } }}
          autoFocus={!id}
        />
        <TextField
          select
          label="Playbook type"
          required
          value={draft.playbook_type}
          onChange={(event) => change((current) => ({ ...current, playbook_type: event.target.value as PlaybookType }))}
          error={Boolean(errors.playbook_type)}
          helperText={errors.playbook_type}
        >
          {PLAYBOOK_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Description"
          multiline
          minRows={2}
          value={draft.description}
          onChange={(event) => change((current) => ({ ...current, description: event.target.value }))}
          error={Boolean(errors.description)}
          helperText={errors.description}
          slotProps={{ htmlInput: { maxLength: L.description } }}
          sx={{ gridColumn: '1 / -1' }}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <CategoryField
            options={categories.data?.data ?? detail?.categories ?? []}
            loading={categories.isLoading}
            value={draft.category_ids}
            onChange={(ids) => change((current) => withCategories(current, ids))}
            error={errors.category_ids}
          />
        </Box>
      </Paper>

      <Box component="section" aria-label="Entries" sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h2" component="h2" sx={{ flex: 1 }}>
            Entries ({draft.entries.length})
          </Typography>
          {draft.entries.length > 0 && (
            <Button size="small" onClick={() => setExpanded(new Set())}>
              Close all
            </Button>
          )}
        </Box>
        {errors.entries && <Alert severity="error">{errors.entries}</Alert>}
        {draft.entries.length === 0 && (
          <Typography color="text.secondary">
            No entries yet. Each entry is a clause topic with your standard position, fallbacks and what is
            unacceptable.
          </Typography>
        )}
        {draft.entries.map((entry, index) => (
          <EntryEditor
            key={entry.key}
            entry={entry}
            index={index}
            count={draft.entries.length}
            categories={chosenCategories}
            errors={errors}
            expanded={expanded.has(entry.key)}
            onToggle={() => toggle(entry.key)}
            onChange={(patch) => patchEntry(entry.key, patch)}
            onMove={(delta) => change((current) => ({ ...current, entries: moveItem(current.entries, index, delta) }))}
            onRemove={() => change((current) => ({ ...current, entries: removeAt(current.entries, index) }))}
          />
        ))}
        <Button
          startIcon={<AddIcon />}
          onClick={addEntry}
          disabled={draft.entries.length >= L.entriesPerPlaybook}
          sx={{ justifySelf: 'start' }}
        >
          Add entry
        </Button>
      </Box>

      {id ? (
        <AttachmentsSection playbookId={id} editable />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Save the playbook to add attachments.
        </Typography>
      )}

      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 1,
          py: 1.5,
          display: 'flex',
          gap: 1,
          justifyContent: 'flex-end',
          flexWrap: 'wrap',
          bgcolor: 'background.default',
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        {buttons}
      </Box>
    </ListPage>
  );
}

/** Where the draft stands: the latest version, and whether there is anything new to publish. */
function Status({ detail, dirty }: { detail: PlaybookDetail; dirty: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} aria-live="polite">
      <Chip
        size="small"
        variant="outlined"
        color={detail.current_version ? 'success' : 'default'}
        label={detail.current_version ? `Version ${detail.current_version} published` : 'Not published yet'}
      />
      {dirty ? (
        <Chip size="small" variant="outlined" color="warning" label="Unsaved changes" />
      ) : (
        detail.has_unpublished_changes &&
        detail.current_version !== null && <Chip size="small" variant="outlined" label="Saved changes not published" />
      )}
    </Box>
  );
}
