import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { fetchPositions } from './api.ts';
import { EntrySection } from './PlaybookDocument.tsx';
import { playbookViewPath } from './paths.ts';

/**
 * The firm's positions on a concept head (docs/playbooks.md): the entries linked to it in the latest version of
 * each playbook the user sees, shown in Review next to the head's hits. Nothing shows without the My Playbook
 * module (its calls are refused then) or without a linked entry.
 */
export function PlaybookPositions({ conceptId }: { conceptId: number }) {
  const session = useRequiredSession();
  const allowed = session.modules.my_playbooks_permission;
  const positions = useQuery({
    queryKey: queryKeys.playbooks.positions(conceptId),
    queryFn: ({ signal }) => fetchPositions([conceptId], signal),
    enabled: allowed,
  });
  const rows = positions.data?.data ?? [];
  if (!allowed || rows.length === 0) return null;
  return (
    <Box component="section" aria-label="Playbook positions" sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem' }}>
        Playbook positions
      </Typography>
      {rows.map((row) => (
        <Paper key={`${row.playbook_id}-${row.entry.id}`} variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            <Link component={RouterLink} to={playbookViewPath(row.playbook_id)} target="_blank" rel="noopener">
              {row.playbook_name}
            </Link>{' '}
            · version {row.version}
          </Typography>
          <EntrySection entry={row.entry} />
        </Paper>
      ))}
    </Box>
  );
}
