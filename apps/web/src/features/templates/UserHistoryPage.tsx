import type { UserExecutionHistoryResponse } from '@lexdesk/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { fetchUserHistory } from './api.ts';
import { ExecutionHistoryTable } from './ExecutionHistoryTable.tsx';

/** The back link and a heading naming the user, from the user the history answer names. */
function UserHistoryHeading({ user }: { user: UserExecutionHistoryResponse['user'] | undefined }) {
  useDocumentTitle(user ? `Executions of ${user.name}` : 'User history');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button startIcon={<ArrowBackIcon />} component={RouterLink} to="/document-template/template-history/users/list">
        Users
      </Button>
      <Typography variant="h1">{user ? `Executions of ${user.name}` : 'Executions of this user'}</Typography>
    </Box>
  );
}

/** /document-template/show-history/{userId}: every execution of one user. */
export function UserHistoryPage() {
  const userId = Number(useParams().id);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <ExecutionHistoryTable
        queryKey={(p) => queryKeys.templates.userHistory(userId, p)}
        fetchPage={(p, signal) => fetchUserHistory(userId, p, signal)}
        showTemplate
        // A previous user's page may show while another's loads (kept placeholder): name only the one asked for.
        header={(page) => <UserHistoryHeading user={page?.user.user_id === userId ? page.user : undefined} />}
      />
    </Box>
  );
}
