import { knowledgeMessages as M, type KnowledgeRuleMode, type KnowledgeTreeNode } from '@lexdesk/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { refusalText } from '../api/client.ts';
import { visuallyHidden } from '../ui/a11y.ts';
import { fetchRules, kbKeys, saveRules } from './api.ts';
import { useMe } from './me.ts';
import { KIND_LABELS, pathTo } from './tree.ts';
import { useTree } from './Tree.tsx';

interface Draft {
  node_id: number;
  mode: KnowledgeRuleMode;
}

const MODE_LABELS = { restricted: 'Restricted', allowed: 'Allowed (shared with the organisation)' } as const;

/** The node's place, for the picker and the table: "Contract clauses › Negotiation notes". */
export function nodePath(rows: readonly KnowledgeTreeNode[], id: number): string {
  const byId = new Map(rows.map((row) => [row.id, row.title]));
  return pathTo(rows, id)
    .map((step) => byId.get(step) ?? '')
    .join(' › ');
}

/**
 * Another organisation's rules, seen by the provider's curator: the server answers and replaces only those on
 * shared nodes (issue 29), so the page says the firm's own rules are neither shown nor changed.
 */
export const SHARED_ONLY_TEXT =
  "Only the rules on shared domains are shown. The organisation's rules on its own nodes are its administrators' to set, and saving here leaves them as they are.";

/** Sharing is per shared domain (`shared` marks it and everything below it): `allowed` goes on the domain. */
const isSharedDomain = (node: KnowledgeTreeNode | null) => node !== null && node.shared && node.parent_id === null;

/**
 * The rules of the user's organisation, or (the curator, `organisationId`) of another one: there only the
 * shared domains are the curator's to name, to allow them or restrict what lies below.
 */
export function RulesEditor({ organisationId }: { organisationId?: number }) {
  const me = useMe();
  const tree = useTree();
  const rules = useQuery({
    queryKey: kbKeys.rules(organisationId),
    queryFn: ({ signal }) => fetchRules(organisationId, signal),
  });
  const allRows = useMemo(() => tree.data?.data ?? [], [tree.data]);
  const rows = useMemo(
    () => (organisationId === undefined ? allRows : allRows.filter((row) => row.shared)),
    [allRows, organisationId],
  );
  const [draft, setDraft] = useState<Draft[] | null>(null);
  const current: Draft[] = draft ?? rules.data?.data.map(({ node_id, mode }) => ({ node_id, mode })) ?? [];
  const [picked, setPicked] = useState<KnowledgeTreeNode | null>(null);
  const [mode, setMode] = useState<KnowledgeRuleMode>('restricted');
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const titles = new Map(rules.data?.data.map((rule) => [rule.node_id, rule.title]));
  const save = useMutation({
    mutationFn: () => saveRules({ org_id: organisationId, rules: current }),
    // The answer is the saved list (no `detail`): the toast is the contract's message.
    onSuccess: async () => {
      enqueueSnackbar(M.rulesSaved, { variant: 'success' });
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: ['kb'] });
    },
  });
  const pickedSharedDomain = isSharedDomain(picked);
  const pick = (node: KnowledgeTreeNode | null) => {
    setPicked(node);
    // `Allowed` is offered on a shared domain only: another node goes back to the one rule it can take.
    if (!isSharedDomain(node)) setMode('restricted');
  };
  const add = () => {
    if (!picked) return;
    setDraft([...current.filter((rule) => rule.node_id !== picked.id), { node_id: picked.id, mode }]);
    pick(null);
  };
  const label = (id: number) =>
    allRows.some((row) => row.id === id) ? nodePath(allRows, id) : (titles.get(id) ?? `#${id}`);
  return (
    <Box component="section" aria-labelledby="kb-rules" sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h2" id="kb-rules">
        Rules
      </Typography>
      {organisationId !== undefined && (
        <Typography variant="body2" data-testid="kb-rules-shared-only">
          {SHARED_ONLY_TEXT}
        </Typography>
      )}
      {rules.isError && <Alert severity="error">{refusalText(rules.error)}</Alert>}
      {save.isError && <Alert severity="error">{refusalText(save.error)}</Alert>}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Access rules">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Node</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Rule</TableCell>
              <TableCell sx={{ fontWeight: 600, width: 64 }}>
                <Box component="span" sx={visuallyHidden}>
                  Remove
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {current.map((rule) => (
              <TableRow key={rule.node_id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{label(rule.node_id)}</TableCell>
                <TableCell>{MODE_LABELS[rule.mode]}</TableCell>
                <TableCell>
                  <IconButton
                    aria-label={`Remove the rule on ${label(rule.node_id)}`}
                    onClick={() => setDraft(current.filter((other) => other.node_id !== rule.node_id))}
                  >
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
            {rules.data && current.length === 0 && (
              <TableRow>
                <TableCell colSpan={3}>
                  {organisationId === undefined
                    ? 'No rules: every node of the organisation is visible to every knowledge user.'
                    : 'No rules on shared domains: none is shared with the organisation.'}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Autocomplete
          options={rows}
          value={picked}
          onChange={(_event, value) => pick(value)}
          getOptionLabel={(row) => `${nodePath(allRows, row.id)} (${KIND_LABELS[row.kind]})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label="Node" size="small" />}
          sx={{ flex: '1 1 280px', minWidth: 0 }}
        />
        <TextField
          select
          size="small"
          label="Rule"
          value={mode}
          onChange={(event) => setMode(event.target.value as KnowledgeRuleMode)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="restricted">{MODE_LABELS.restricted}</MenuItem>
          {me.can_curate_shared && pickedSharedDomain && <MenuItem value="allowed">{MODE_LABELS.allowed}</MenuItem>}
        </TextField>
        <Button variant="outlined" onClick={add} disabled={!picked}>
          Add rule
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={() => setDraft(null)} disabled={draft === null || save.isPending}>
          Discard changes
        </Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={draft === null || save.isPending}>
          Save rules
        </Button>
      </Box>
    </Box>
  );
}
