import { normaliseHead } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { useNavigate } from 'react-router';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { fetchOwnOrganisation } from './api.ts';
import { ApplyScopeDialog } from './ApplyScopeDialog.tsx';
import { AssignmentFields } from './AssignmentFields.tsx';
import { CopyConceptDialog, type CopiedHeads } from './CopyConceptDialog.tsx';
import { DocumentTypeField } from './DocumentTypeField.tsx';
import { DraftArea } from './DraftArea.tsx';
import {
  addCopied,
  addToDraft,
  removeFromDraft,
  saveProblem,
  skippedCopyMessage,
  splitForSave,
  type DraftEntry,
} from './draftSet.ts';
import { initialValues, type EditorStart } from './editorModel.ts';
import { HeadEntryFields, type EntryFields } from './HeadEntryFields.tsx';
import { HeadPartsPanel } from './HeadPartsPanel.tsx';
import { useConceptSave, type SaveRequest } from './useConceptSave.ts';
import { useConceptToasts } from './useConceptToasts.ts';
import { VersionsPanel } from './VersionsPanel.tsx';

const EMPTY_FIELDS: EntryFields = { head: '', definition: '', terms: '', phrases: [] };

/** The create / edit page's form: every control of spec 03 §2.1 with the locks of §4. */
export function ConceptEditor({ start }: { start: EditorStart }) {
  const session = useRequiredSession();
  const superUser = session.role === 'super';
  const navigate = useNavigate();
  const toasts = useConceptToasts();
  const { mode, list, head } = start;
  const [initial] = useState(() => initialValues(start));
  const [title, setTitle] = useState(initial.title);
  const [organisations, setOrganisations] = useState(initial.organisations);
  const [users, setUsers] = useState(initial.users);
  const [docTypeId, setDocTypeId] = useState(initial.docTypeId);
  const [assignAll, setAssignAll] = useState(initial.assignAll);
  const [fields, setFields] = useState<EntryFields>(initial.fields);
  const [heads, setHeads] = useState<DraftEntry[]>(initial.heads);
  const [wholeLists, setWholeLists] = useState<Map<number, number[]>>(new Map());
  const [copying, setCopying] = useState(false);
  // Remounts the entry fields (the rich-text editor keeps its own text) when they are cleared or reset.
  const [entryKey, setEntryKey] = useState(0);
  const [askingScope, setAskingScope] = useState(false);
  const ownOrganisation = useQuery({
    queryKey: queryKeys.analyser.ownOrganisation,
    queryFn: fetchOwnOrganisation,
    enabled: superUser,
  });
  const view = mode === 'view';
  const adminOnSuperList = !superUser && Boolean(list?.isCreatedBysuperadmin) && mode === 'list';
  const locks = {
    title: view || mode === 'head' || adminOnSuperList,
    organisations: view || mode === 'head',
    users: view || mode === 'head' || adminOnSuperList,
    draft: true,
  };
  const save = useConceptSave(mode, { listId: list?.concept_list_id ?? null, headId: head?.concept_id ?? null }, () =>
    setHeads([]),
  );

  const draft = () => {
    const result = addToDraft(heads, { ...fields, title }, mode);
    if (!result.ok) return toasts.problem(result.problem);
    setHeads(result.heads);
    if (mode === 'create') {
      setFields(EMPTY_FIELDS);
      setEntryKey(entryKey + 1);
    }
  };
  const addCopiedHeads = (copied: CopiedHeads) => {
    const { heads: next, skipped } = addCopied(
      heads,
      copied.heads.map((h) => ({ ...h, id: h.concept_id })),
    );
    setHeads(next);
    if (skipped.length) toasts.problem(skippedCopyMessage(skipped));
    if (copied.listId !== null)
      setWholeLists(
        new Map(wholeLists).set(
          copied.listId,
          copied.heads.map((h) => h.concept_id),
        ),
      );
  };
  const request = (scope: SaveRequest['scope']): SaveRequest | null => {
    let drafted = heads;
    if (mode === 'head') {
      const result = addToDraft(heads, { ...fields, title }, mode);
      if (!result.ok) {
        toasts.problem(result.problem);
        return null;
      }
      drafted = result.heads;
    }
    const problem = saveProblem(mode, { title, organisations, users, heads: drafted });
    if (problem) {
      toasts.problem(problem);
      return null;
    }
    const { concepts, copiedIds } = splitForSave(drafted);
    // A select-all copy whose heads are all still drafted goes as the whole list (spec 03 §4).
    const whole = [...wholeLists].find(([, ids]) => ids.length > 0 && ids.every((id) => copiedIds.includes(id)));
    return {
      title,
      organisations,
      users,
      docTypeId,
      assignAll,
      concepts,
      copiedIds: whole ? copiedIds.filter((id) => !whole[1].includes(id)) : copiedIds,
      wholeList: whole ? whole[0] : null,
      keepTitleAndUsers: adminOnSuperList,
      scope,
    };
  };
  const submit = () => {
    if (mode === 'list' && superUser) {
      if (request({})) setAskingScope(true);
      return;
    }
    const ready = request({});
    if (ready) save.mutate(ready);
  };
  const answerScope = (all: boolean) => {
    setAskingScope(false);
    const ready = request(
      all ? { updateAll: true } : { updateAll: false, organisationID: ownOrganisation.data?.value },
    );
    if (ready) save.mutate(ready);
  };
  const reset = () => {
    setTitle(initial.title);
    setOrganisations(initial.organisations);
    setUsers(initial.users);
    setDocTypeId(initial.docTypeId);
    setAssignAll(initial.assignAll);
    setFields(initial.fields);
    setHeads(initial.heads);
    setWholeLists(new Map());
    setEntryKey(entryKey + 1);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr auto' }, alignItems: 'start' }}>
          <TextField
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            disabled={locks.title}
            required
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {!view && mode !== 'head' && (
            <Button variant="outlined" onClick={() => setCopying(true)} sx={{ height: 40 }}>
              Copy Concept
            </Button>
          )}
        </Box>
        <AssignmentFields
          mode={mode}
          organisations={organisations}
          users={users}
          assignAll={assignAll}
          locks={locks}
          onOrganisations={setOrganisations}
          onUsers={setUsers}
          onAssignAll={setAssignAll}
        />
        <DocumentTypeField
          organisations={organisations}
          value={docTypeId}
          onChange={setDocTypeId}
          disabled={view}
          headEditing={mode === 'head'}
        />
      </Paper>
      {!view && (
        <HeadEntryFields
          key={entryKey}
          fields={fields}
          onChange={setFields}
          onDraft={draft}
          draftLabel={mode === 'head' ? 'Update Draft' : 'Add to Draft'}
        />
      )}
      <DraftArea
        heads={heads}
        removable={!view && mode !== 'head'}
        onRemove={(name) => setHeads(removeFromDraft(heads, normaliseHead(name)))}
      />
      {!view && (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={reset} disabled={save.isPending}>
            Reset
          </Button>
          <Button onClick={() => void navigate('/concept-repo')} disabled={save.isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={submit} disabled={save.isPending || save.isSuccess}>
            {mode === 'create' ? 'Save' : 'Update'}
          </Button>
        </Box>
      )}
      {mode === 'head' && head && <HeadPartsPanel head={head} />}
      {view && list && <VersionsPanel listId={list.concept_list_id} />}
      {copying && <CopyConceptDialog onClose={() => setCopying(false)} onAdd={addCopiedHeads} />}
      <ApplyScopeDialog
        open={askingScope}
        title="Update concept list"
        question="Do you want to update all associated organisations and users (Yes), or only this organisation (No)?"
        onAnswer={answerScope}
        onCancel={() => setAskingScope(false)}
      />
    </Box>
  );
}
