import { userAdminMessages, type ManagedUser } from '@lexdesk/contract';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useSession } from '../../app/session/useSession.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { DataTable, nameColumn, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { ListPage } from '../../ui/ListPage.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { unblockLogin } from '../admin/index.ts';
import { AdminRowDialogs } from './AdminRowDialogs.tsx';
import { deleteUser, fetchUserHistory, fetchUsers, setUserActive } from './api.ts';
import { RowActions, type RowAction } from '../../ui/RowActions.tsx';
import { useAdminRows } from './useAdminRows.ts';
import { UserFormDialog } from './UserFormDialog.tsx';

const ROLE_LABELS = { super: 'Super user', admin: 'Admin', user: 'User' } as const;

function StatusChip({ user }: { user: ManagedUser }) {
  if (!user.is_active) return <Chip size="small" label="Inactive" />;
  if (!user.has_password) return <Chip size="small" color="primary" variant="outlined" label="Invited" />;
  return <Chip size="small" color="success" variant="outlined" label="Active" />;
}

/** The status, and 'Locked' beside it while failed sign-ins keep the account locked. */
function StatusChips({ user }: { user: ManagedUser }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <StatusChip user={user} />
      {user.is_locked && <Chip size="small" color="error" variant="outlined" label="Locked" />}
    </Box>
  );
}

/**
 * /user (super and admin, spec 01 §6): invite, edit, history, activate/deactivate, delete (typed Delete), and
 * Unblock for an account locked by failed sign-ins.
 */
export function UsersPage() {
  useDocumentTitle('Users');
  const session = useSession();
  const paging = usePaging();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const rows = useAdminRows<ManagedUser>(queryKeys.managedUsersAll, deleteUser);
  const list = useQuery({
    queryKey: queryKeys.managedUsers(paging.pageNo, paging.limits, paging.search),
    queryFn: ({ signal }) => fetchUsers(paging.pageNo, paging.limits, paging.search, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.managedUsersAll });
  const toggle = useMutation({
    mutationFn: (user: ManagedUser) => setUserActive(user.id, !user.is_active),
    onSuccess: async (user) => {
      enqueueSnackbar(user.is_active ? userAdminMessages.activated : userAdminMessages.deactivated, {
        variant: 'success',
      });
      await refresh();
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  const unblock = useMutation({
    mutationFn: (user: ManagedUser) => unblockLogin(user.id),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail, { variant: 'success' });
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: queryKeys.lockedAccountsAll })]);
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  if (!session) return null;
  const isSuper = session.role === 'super';

  const actionsOf = (user: ManagedUser): RowAction[] => {
    const actions: RowAction[] = [
      { label: 'Edit', onClick: () => rows.setEditing(user) },
      { label: 'History', onClick: () => rows.setHistory(user) },
    ];
    if (user.is_locked) actions.push({ label: 'Unblock', onClick: () => unblock.mutate(user) });
    if (user.id !== session.userId) {
      actions.push({ label: user.is_active ? 'Deactivate' : 'Activate', onClick: () => toggle.mutate(user) });
      actions.push({ label: 'Delete', onClick: () => rows.setDeleting(user) });
    }
    return actions;
  };

  const columns: DataTableColumn<ManagedUser>[] = [
    nameColumn('Name', 140, (u) => `${u.first_name} ${u.last_name}`.trim() || '—'),
    { key: 'email', header: 'Email', noWrap: true, render: (u) => u.email },
    ...(isSuper
      ? [
          {
            key: 'organisation',
            header: 'Organisation',
            hideOnMobile: true,
            noWrap: true,
            render: (u: ManagedUser) => u.organisation,
          },
        ]
      : []),
    { key: 'role', header: 'Role', hideOnMobile: true, render: (u) => ROLE_LABELS[u.role] },
    { key: 'status', header: 'Status', render: (u) => <StatusChips user={u} /> },
    {
      key: 'actions',
      header: 'Actions',
      width: 80,
      render: (u) => <RowActions label={`Actions for ${u.email}`} actions={actionsOf(u)} />,
    },
  ];

  return (
    <ListPage
      title="Users"
      actions={
        <>
          <Button component={RouterLink} to="/user/plan/changeplan" variant="outlined">
            Change plan
          </Button>
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => rows.setEditing('new')}>
            Invite user
          </Button>
        </>
      }
    >
      <SearchField label="Search by name or email" onSearch={paging.setSearch} />
      <DataTable label="Users" columns={columns} getRowId={(u) => u.id} {...pagedTableProps(paging, list)} />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      <AdminRowDialogs
        form={(user, onClose) => <UserFormDialog user={user} actorRole={session.role} onClose={onClose} />}
        rows={rows}
        item="user"
        name={(user) => user.email}
        history={{ key: queryKeys.managedUserHistory, load: fetchUserHistory }}
      />
    </ListPage>
  );
}
