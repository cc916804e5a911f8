import { playbookMessages as M, type CasePlaybook } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import type { CaseTabProps } from '../../app/webModule.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DataTable, localPage, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { RowActions } from '../../ui/RowActions.tsx';
import { AddToCaseDialog } from './AddToCaseDialog.tsx';
import { fetchCasePlaybooks, moveCasePlaybook, removeCasePlaybook } from './api.ts';
import { playbookViewPath } from './paths.ts';
import { isBehind, pinLabel } from './versions.ts';

/**
 * The case page's Playbooks tab (docs/playbooks.md "Draft and versions"): the playbooks the case follows, each at
 * its version ("version 3 of 4"); staff add a published playbook, move the case to the latest version, or remove.
 */
export function CasePlaybooksTab({ caseDetail }: CaseTabProps) {
  const caseId = caseDetail.id;
  const session = useRequiredSession();
  // The pins are My Playbook calls: without the module the server refuses them (and a 403 signs out), so none is made.
  const allowed = session.modules.my_playbooks_permission;
  const staff = allowed && (session.role === 'super' || session.role === 'admin');
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const paging = usePaging();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<CasePlaybook | null>(null);
  const pins = useQuery({
    queryKey: queryKeys.playbooks.casePins(caseId),
    queryFn: ({ signal }) => fetchCasePlaybooks(caseId, signal),
    enabled: allowed,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.playbooks.casePins(caseId) });
  const move = useMutation({
    mutationFn: (pin: CasePlaybook) => moveCasePlaybook(caseId, pin.playbook_id, pin.latest_version),
    onSuccess: async (answer, pin) => {
      enqueueSnackbar(answer.detail || M.caseMovedToVersion(pin.latest_version), { variant: 'success' });
      await refresh();
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  const remove = useMutation({
    mutationFn: (pin: CasePlaybook) => removeCasePlaybook(caseId, pin.playbook_id),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || M.removedFromCase, { variant: 'success' });
      setRemoving(null);
      await refresh();
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  const rows = pins.data?.data;

  const columns: DataTableColumn<CasePlaybook>[] = [
    {
      key: 'name',
      header: 'Playbook',
      minWidth: 160,
      render: (pin) => (
        <Link
          component={RouterLink}
          to={playbookViewPath(pin.playbook_id)}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {pin.name}
        </Link>
      ),
    },
    { key: 'type', header: 'Type', hideOnMobile: true, render: (pin) => pin.playbook_type },
    {
      key: 'version',
      header: 'Version',
      render: (pin) => (
        <Chip
          size="small"
          variant="outlined"
          color={isBehind(pin) ? 'warning' : 'success'}
          label={pinLabel(pin)}
          title={isBehind(pin) ? `Version ${pin.latest_version} is published` : 'The latest version'}
        />
      ),
    },
    {
      key: 'added',
      header: 'Added',
      hideOnMobile: true,
      render: (pin) => `${formatDateShort(pin.added_at)}${pin.added_by ? ` by ${pin.added_by}` : ''}`,
    },
    ...(staff
      ? [
          {
            key: 'actions',
            header: 'Actions',
            width: 80,
            render: (pin: CasePlaybook) => (
              <RowActions
                label={`Actions for ${pin.name}`}
                actions={[
                  ...(isBehind(pin)
                    ? [{ label: `Move to version ${pin.latest_version}`, onClick: () => move.mutate(pin) }]
                    : []),
                  { label: 'Remove', onClick: () => setRemoving(pin) },
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  if (!allowed) {
    return (
      <Typography color="text.secondary">Playbooks are not part of your access. Ask your administrator.</Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
          The playbooks this case follows, each at the version it was added at until it is moved on.
        </Typography>
        {staff && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Add playbook
          </Button>
        )}
      </Box>
      <DataTable
        label="Case playbooks"
        columns={columns}
        getRowId={(pin) => pin.playbook_id}
        {...pagedTableProps(paging, { data: localPage(paging, rows), isFetching: pins.isFetching && !rows })}
      />
      {pins.isError && <Typography color="error">{refusalText(pins.error)}</Typography>}
      {adding && (
        <AddToCaseDialog
          caseId={caseId}
          pinned={(rows ?? []).map((pin) => pin.playbook_id)}
          onClose={() => setAdding(false)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        item="playbook from the case"
        title="Remove playbook"
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
