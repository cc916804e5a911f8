import type { KnowledgeNode } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { refusalText } from '../api/client.ts';
import { formatDateShort } from '../ui/dates.ts';
import { fetchRevisions, kbKeys } from './api.ts';

/** Every saved revision of the article, newest first, with who saved it and when; each opens to read or restore. */
export function RevisionsPanel({ node }: { node: KnowledgeNode; editable: boolean }) {
  const revisions = useQuery({
    queryKey: kbKeys.revisions(node.id),
    queryFn: ({ signal }) => fetchRevisions(node.id, signal),
  });
  const rows = [...(revisions.data?.data ?? [])].sort((a, b) => b.revision - a.revision);
  return (
    <Box component="section" aria-labelledby="kb-revisions" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h2" id="kb-revisions">
        Revisions
      </Typography>
      {revisions.isError && <Typography color="error">{refusalText(revisions.error)}</Typography>}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Revisions">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Revision</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Title</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>Saved by</TableCell>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>When</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.revision}>
                <TableCell>
                  <Link component={RouterLink} to={`/node/${node.id}/revisions/${row.revision}`}>
                    {row.revision === node.revision ? `${row.revision} (current)` : row.revision}
                  </Link>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.title}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.author ?? 'a former user'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateShort(row.created_at)}</TableCell>
              </TableRow>
            ))}
            {revisions.data && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>No revisions.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}
