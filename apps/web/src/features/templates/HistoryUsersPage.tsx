import type { ExecutionUserRow } from '@lexdesk/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { fetchHistoryUsers, userHistoryPath } from './api.ts';

/** /document-template/template-history/users/list: who executed templates (super and admin). */
export function HistoryUsersPage() {
  useDocumentTitle('History by user');
  const paging = usePaging();
  const navigate = useNavigate();
  const params = { pageNo: paging.pageNo, limits: paging.limits };
  const list = useQuery({
    queryKey: queryKeys.templates.historyUsers(params),
    queryFn: ({ signal }) => fetchHistoryUsers(params, signal),
    placeholderData: keepPreviousData,
  });
  const columns: DataTableColumn<ExecutionUserRow>[] = [
    {
      key: 'name',
      header: 'User',
      minWidth: 140,
      // A link as well as the row click, so keyboard and screen-reader users can open a user's executions.
      render: (u) => (
        <Link component={RouterLink} to={userHistoryPath(u.user_id)} onClick={(e) => e.stopPropagation()}>
          {u.name}
        </Link>
      ),
    },
    { key: 'email', header: 'Email', hideOnMobile: true, noWrap: true, render: (u) => u.email },
    { key: 'executions', header: 'Executions', render: (u) => u.executions },
    { key: 'last', header: 'Last executed', hideOnMobile: true, render: (u) => formatDateShort(u.last_executed_at) },
  ];
  return (
    <ListPage
      title="History by user"
      back={
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to="/document-template">
          Templates
        </Button>
      }
    >
      <DataTable
        label="Users who executed templates"
        columns={columns}
        getRowId={(u) => u.user_id}
        {...pagedTableProps(paging, list)}
        onRowClick={(u) => void navigate(userHistoryPath(u.user_id))}
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
    </ListPage>
  );
}
