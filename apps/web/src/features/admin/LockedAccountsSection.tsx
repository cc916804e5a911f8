import type { LockedAccount } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { fetchLockedAccounts, unblockLogin } from './settingsApi.ts';

/** Accounts locked by failed sign-ins, with Unblock. Super sees every organisation; an admin their own. */
export function LockedAccountsSection() {
  const paging = usePaging();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const locked = useQuery({
    queryKey: queryKeys.lockedAccounts(paging.pageNo, paging.limits, paging.search),
    queryFn: ({ signal }) => fetchLockedAccounts(paging.pageNo, paging.limits, paging.search, signal),
    placeholderData: keepPreviousData,
  });
  const unblock = useMutation({
    mutationFn: (userId: number) => unblockLogin(userId),
    onSuccess: (answer) => {
      enqueueSnackbar(answer.detail, { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lockedAccountsAll });
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  const columns: DataTableColumn<LockedAccount>[] = [
    {
      key: 'user',
      header: 'User',
      minWidth: 180,
      render: (row) => (row.name ? `${row.name} (${row.username})` : row.username),
    },
    { key: 'organisation', header: 'Organisation', hideOnMobile: true, render: (row) => row.organisation },
    {
      key: 'locked',
      header: 'Locked',
      width: 150,
      hideOnMobile: true,
      render: (row) => formatDateShort(row.locked_at),
    },
    {
      key: 'action',
      header: 'Action',
      width: 110,
      render: (row) => (
        <Button
          size="small"
          variant="outlined"
          onClick={() => unblock.mutate(row.user_id)}
          disabled={unblock.isPending}
        >
          Unblock
        </Button>
      ),
    },
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="locked-title">
      <Typography variant="h2" id="locked-title">
        Locked accounts
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Accounts locked after 10 failed sign-ins in a row. A password reset by email also unlocks them.
      </Typography>
      <Box sx={{ mb: 2 }}>
        <SearchField label="Search by email or organisation" onSearch={paging.setSearch} />
      </Box>
      <DataTable
        label="Locked accounts"
        columns={columns}
        getRowId={(row) => row.user_id}
        {...pagedTableProps(paging, locked)}
      />
    </Paper>
  );
}
