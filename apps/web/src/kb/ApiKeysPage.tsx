import {
  KNOWLEDGE_LIMITS,
  knowledgeMessages,
  type KnowledgeApiKey,
  type KnowledgeApiKeyCreated,
} from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { refusalText } from '../api/client.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { DataTable, localPage, usePaging, type DataTableColumn } from '../ui/DataTable.tsx';
import { formatDateShort } from '../ui/dates.ts';
import { FormDialog } from '../ui/FormDialog.tsx';
import { ListPage } from '../ui/ListPage.tsx';
import { RowActions } from '../ui/RowActions.tsx';
import { TitledDialog } from '../ui/TitledDialog.tsx';
import { createApiKey, fetchApiKeys, kbKeys, revokeApiKey } from './api.ts';

/** A key's state for the list: revoked (when), expired (when), or active. */
function stateOf(key: KnowledgeApiKey, now = Date.now()): string {
  if (key.revoked_at) return `Revoked ${formatDateShort(key.revoked_at)}`;
  if (Date.parse(key.expires_at) <= now) return `Expired ${formatDateShort(key.expires_at)}`;
  return 'Active';
}

/** Whether the key may still answer (neither revoked nor expired): only such a key offers Revoke. */
const live = (key: KnowledgeApiKey) => !key.revoked_at && Date.parse(key.expires_at) > Date.now();

/** Admins: the keys of the service calls (nodes list, a user's domain data); a key shows once, at creation. */
export function ApiKeysPage() {
  const keys = useQuery({ queryKey: kbKeys.apiKeys, queryFn: ({ signal }) => fetchApiKeys(signal) });
  const paging = usePaging();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<KnowledgeApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<KnowledgeApiKey | null>(null);
  useEffect(() => {
    document.title = 'API keys · Knowledge';
  }, []);
  const revoke = useMutation({
    mutationFn: (id: number) => revokeApiKey(id),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail, { variant: 'success' });
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: kbKeys.apiKeys });
    },
    onError: (error) => {
      enqueueSnackbar(refusalText(error), { variant: 'error' });
      setRevoking(null);
    },
  });
  const columns: DataTableColumn<KnowledgeApiKey>[] = [
    { key: 'name', header: 'Name', minWidth: 140, render: (key) => key.name },
    { key: 'prefix', header: 'Key starts', render: (key) => <code>{key.prefix}…</code> },
    { key: 'by', header: 'Created by', hideOnMobile: true, render: (key) => key.created_by ?? 'a former user' },
    { key: 'created', header: 'Created', hideOnMobile: true, render: (key) => formatDateShort(key.created_at) },
    {
      key: 'used',
      header: 'Last used',
      hideOnMobile: true,
      render: (key) => (key.last_used_at ? formatDateShort(key.last_used_at) : 'Never'),
    },
    { key: 'expires', header: 'Expires', render: (key) => formatDateShort(key.expires_at) },
    { key: 'state', header: 'State', render: (key) => stateOf(key) },
    {
      key: 'actions',
      header: 'Action',
      width: 72,
      render: (key) =>
        !live(key) ? null : (
          <RowActions
            label={`Actions for ${key.name}`}
            actions={[{ label: 'Revoke', onClick: () => setRevoking(key) }]}
          />
        ),
    },
  ];
  return (
    <ListPage
      title="API keys"
      intro={
        <>
          Service calls (the nodes list and a user&apos;s domain data) send{' '}
          <code>Authorization: Api-Key &lt;key&gt;</code>. A key belongs to this organisation, expires on the date
          chosen when it is made (at most {KNOWLEDGE_LIMITS.apiKeyMaxDays} days), and stops when the organisation&apos;s
          Knowledge licence is switched off or its plan ends.
        </>
      }
      actions={
        <Button variant="contained" onClick={() => setCreating(true)}>
          New API key
        </Button>
      }
    >
      {keys.isError && <Alert severity="error">{refusalText(keys.error)}</Alert>}
      <DataTable
        label="API keys"
        columns={columns}
        getRowId={(key) => key.id}
        rows={localPage(paging, keys.data?.data)?.data}
        loading={keys.isFetching}
        totalCount={keys.data?.data.length ?? 0}
        pageNo={paging.pageNo}
        limits={paging.limits}
        onPageChange={paging.setPageNo}
        onLimitsChange={paging.setLimits}
      />
      {creating && (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={(answer) => {
            setCreating(false);
            setCreated(answer);
          }}
        />
      )}
      <TitledDialog open={created !== null} title="Your new API key" onClose={() => setCreated(null)}>
        <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="warning">{knowledgeMessages.apiKeyCreated}</Alert>
          <TextField
            label={`Key "${created?.api_key.name ?? ''}"`}
            value={created?.key ?? ''}
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
            onFocus={(event) => event.target.select()}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() =>
              void navigator.clipboard
                ?.writeText(created?.key ?? '')
                .then(() => enqueueSnackbar('Copied', { variant: 'success' }))
                .catch(() => undefined)
            }
          >
            Copy
          </Button>
          <Button variant="contained" onClick={() => setCreated(null)}>
            Done
          </Button>
        </DialogActions>
      </TitledDialog>
      <ConfirmDialog
        open={revoking !== null}
        item="API key"
        title="Revoke API key"
        question={`Revoke the key "${revoking?.name ?? ''}"? Calls that use it are refused from now on.`}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onClose={() => setRevoking(null)}
      />
      <Typography variant="body2" color="text.secondary">
        Revoked keys stay listed, so you can see when they were last used.
      </Typography>
    </ListPage>
  );
}

function CreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (answer: KnowledgeApiKeyCreated) => void;
}) {
  const [name, setName] = useState('');
  const [days, setDays] = useState(String(KNOWLEDGE_LIMITS.apiKeyDefaultDays));
  const [problem, setProblem] = useState<string | null>(null);
  const [daysProblem, setDaysProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => createApiKey(name.trim(), Number(days)),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: kbKeys.apiKeys });
      onCreated(answer);
    },
  });
  return (
    <FormDialog
      title="New API key"
      submitLabel="Create"
      columns={1}
      onClose={onClose}
      save={{
        busy: create.isPending,
        refusal: create.error ? refusalText(create.error) : null,
        submit: () => {
          const nameProblem = name.trim() ? null : knowledgeMessages.apiKeyNameRequired;
          const dayCount = Number(days);
          const rangeProblem =
            Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= KNOWLEDGE_LIMITS.apiKeyMaxDays
              ? null
              : knowledgeMessages.apiKeyExpiryRange;
          setProblem(nameProblem);
          setDaysProblem(rangeProblem);
          if (!nameProblem && !rangeProblem) create.mutate();
        },
      }}
    >
      <TextField
        autoFocus
        label="Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={problem !== null}
        helperText={problem ?? 'What uses the key, e.g. "Document analyser"'}
        required
      />
      <TextField
        label="Expires after (days)"
        type="number"
        value={days}
        onChange={(event) => setDays(event.target.value)}
        error={daysProblem !== null}
        helperText={daysProblem ?? `From 1 to ${KNOWLEDGE_LIMITS.apiKeyMaxDays} days`}
        slotProps={{ htmlInput: { min: 1, max: KNOWLEDGE_LIMITS.apiKeyMaxDays, step: 1 } }}
        required
      />
    </FormDialog>
  );
}
