import { playbookMessages as M } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { isApiError, refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { PageSpinner } from '../../app/PageSpinner.tsx';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { fetchPlaybook } from './api.ts';
import { idOf, playbookViewPath } from './paths.ts';
import { PlaybookEditor } from './PlaybookEditor.tsx';

/** /create-playbook and /create/playbook/{id} (staff): the editor of a new or a saved playbook's draft. */
export function PlaybookEditPage() {
  const raw = useParams().id;
  const id = idOf(raw);
  useDocumentTitle(raw === undefined ? 'New Playbook' : 'Edit playbook');
  const detail = useQuery({
    queryKey: queryKeys.playbooks.detail(id ?? 0),
    queryFn: ({ signal }) => fetchPlaybook(id ?? 0, signal),
    enabled: id !== null,
    retry: (count, error) => !isApiError(error, 404) && count < 2,
    // The editor takes the draft once; a background refetch must not look like a change.
    refetchOnWindowFocus: false,
  });
  if (raw === undefined) return <PlaybookEditor key="new" detail={null} />;
  // Spec: another organisation's playbook (or any id of it) answers the app's not-found page.
  if (id === null || isApiError(detail.error, 404)) return <Navigate to="/404" replace />;
  if (detail.isError) return <Typography color="error">{refusalText(detail.error)}</Typography>;
  if (!detail.data) return <PageSpinner />;
  if (!detail.data.is_own) {
    return (
      <ListPage title={detail.data.name} maxWidth={960}>
        <Alert severity="info">
          {M.assignedReadOnly}.{' '}
          <Link component={RouterLink} to={playbookViewPath(id)}>
            Open the playbook
          </Link>
        </Alert>
      </ListPage>
    );
  }
  return <PlaybookEditor key={id} detail={detail.data} />;
}
