import { KNOWLEDGE_ROLE_LABELS, type KnowledgeAccessUser, type KnowledgeTreeNode } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { refusalText } from '../api/client.ts';
import { fetchAccessUsers, fetchEffective, kbKeys } from './api.ts';
import { nodePath } from './RulesEditor.tsx';
import { KIND_LABELS } from './tree.ts';
import { useTree } from './Tree.tsx';

const userLabel = (user: KnowledgeAccessUser) =>
  `${user.name} (${user.knowledge_role ? KNOWLEDGE_ROLE_LABELS[user.knowledge_role] : 'no knowledge role'}${user.knowledge_data_permission ? ', restricted data' : ''})`;

/** "Effective access": whether a chosen user sees a chosen node, and the sentences that explain why. */
export function EffectiveAccess() {
  const tree = useTree();
  const rows = useMemo(() => tree.data?.data ?? [], [tree.data]);
  const users = useQuery({ queryKey: kbKeys.users, queryFn: ({ signal }) => fetchAccessUsers(signal) });
  const [user, setUser] = useState<KnowledgeAccessUser | null>(null);
  const [node, setNode] = useState<KnowledgeTreeNode | null>(null);
  const answer = useQuery({
    queryKey: kbKeys.effective(user?.id ?? 0, node?.id ?? 0),
    queryFn: ({ signal }) => fetchEffective(user!.id, node!.id, signal),
    enabled: user !== null && node !== null,
  });
  return (
    <Box component="section" aria-labelledby="kb-effective" sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h2" id="kb-effective">
        Effective access
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Choose a user and a node to see whether the user can open it, and why.
      </Typography>
      {users.isError && <Alert severity="error">{refusalText(users.error)}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Autocomplete
          options={users.data?.data ?? []}
          value={user}
          onChange={(_event, value) => setUser(value)}
          getOptionLabel={userLabel}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label="User" size="small" />}
        />
        <Autocomplete
          options={rows}
          value={node}
          onChange={(_event, value) => setNode(value)}
          getOptionLabel={(row) => `${nodePath(rows, row.id)} (${KIND_LABELS[row.kind]})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label="Node" size="small" />}
        />
      </Box>
      {answer.isError && <Alert severity="error">{refusalText(answer.error)}</Alert>}
      {answer.data && (
        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} data-testid="kb-effective-answer">
          <Alert severity={answer.data.visible ? 'success' : 'warning'}>
            {answer.data.visible ? `${user?.name} can open this node.` : `${user?.name} cannot open this node.`}
          </Alert>
          <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
            {answer.data.steps.map((step, index) => (
              <Typography component="li" variant="body2" key={index}>
                {step}
              </Typography>
            ))}
          </Box>
        </Paper>
      )}
    </Box>
  );
}
