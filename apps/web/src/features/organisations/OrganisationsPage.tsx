import type { OrganisationItem } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { DataTable, nameColumn, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { DownloadDialog } from '../../ui/DownloadDialog.tsx';
import { ListPage } from '../../ui/ListPage.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { AdminRowDialogs } from './AdminRowDialogs.tsx';
import { deleteOrganisation, fetchOrganisationHistory, fetchOrganisations } from './api.ts';
import { OrganisationFormDialog } from './OrganisationFormDialog.tsx';
import { planLabel, validityLabel } from './planText.ts';
import { RowActions } from '../../ui/RowActions.tsx';
import { useAdminRows } from './useAdminRows.ts';
import { useUsageDownload } from './useUsageDownload.ts';

/** /organization (super only, spec 01 §6): every organisation with edit, history, delete and usage data. */
export function OrganisationsPage() {
  useDocumentTitle('Organization');
  const paging = usePaging();
  const rows = useAdminRows<OrganisationItem>(['organisations'], deleteOrganisation);
  const [usageAnchor, setUsageAnchor] = useState<HTMLElement | null>(null);
  const usage = useUsageDownload();
  const list = useQuery({
    queryKey: queryKeys.organisationList(paging.pageNo, paging.limits, paging.search),
    queryFn: ({ signal }) => fetchOrganisations(paging.pageNo, paging.limits, paging.search, signal),
    placeholderData: keepPreviousData,
  });

  const columns: DataTableColumn<OrganisationItem>[] = [
    nameColumn('Organisation', 160, (o) => o.name),
    { key: 'plan', header: 'Plan', render: (o) => planLabel(o.plan_name, o.duration) },
    {
      key: 'validity',
      header: 'Validity',
      hideOnMobile: true,
      render: (o) =>
        o.plan_validity === 0 ? <Chip size="small" color="error" label="Expired" /> : validityLabel(o.plan_validity),
    },
    { key: 'users', header: 'Users', hideOnMobile: true, render: (o) => `${o.registered_users} / ${o.user_limit}` },
    { key: 'contact', header: 'Contact', hideOnMobile: true, noWrap: true, render: (o) => o.contact_email || '—' },
    {
      key: 'actions',
      header: 'Actions',
      width: 80,
      render: (o) => (
        <RowActions
          label={`Actions for ${o.name}`}
          actions={[
            { label: 'Edit', onClick: () => rows.setEditing(o) },
            { label: 'History', onClick: () => rows.setHistory(o) },
            { label: 'Download usage (XLSX)', onClick: () => void usage.start('xlsx', o.id) },
            { label: 'Download usage (CSV)', onClick: () => void usage.start('csv', o.id) },
            { label: 'Delete', onClick: () => rows.setDeleting(o) },
          ]}
        />
      ),
    },
  ];

  return (
    <ListPage
      title="Organization"
      actions={
        <>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={(event) => setUsageAnchor(event.currentTarget)}
            disabled={usage.progress !== null}
          >
            Usage data
          </Button>
          <Menu anchorEl={usageAnchor} open={usageAnchor !== null} onClose={() => setUsageAnchor(null)}>
            {(['xlsx', 'csv'] as const).map((format) => (
              <MenuItem
                key={format}
                onClick={() => {
                  setUsageAnchor(null);
                  void usage.start(format);
                }}
              >
                All organisations ({format.toUpperCase()})
              </MenuItem>
            ))}
          </Menu>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => rows.setEditing('new')}>
            Create organisation
          </Button>
        </>
      }
    >
      <SearchField label="Search by name or contact email" onSearch={paging.setSearch} />
      <DataTable label="Organisations" columns={columns} getRowId={(o) => o.id} {...pagedTableProps(paging, list)} />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      <AdminRowDialogs
        form={(organisation, onClose) => <OrganisationFormDialog open organisation={organisation} onClose={onClose} />}
        rows={rows}
        item="organisation"
        name={(organisation) => organisation.name}
        history={{ key: queryKeys.organisationHistory, load: fetchOrganisationHistory }}
      />
      <DownloadDialog
        open={usage.progress !== null}
        title="Downloading usage data"
        progress={usage.progress ?? 0}
        onDone={usage.done}
      />
    </ListPage>
  );
}
