import type { OrganisationPlan } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { ListPage } from '../../ui/ListPage.tsx';
import { fetchPlanDetails, fetchUserPlans } from './api.ts';
import { PlanHistoryDialog } from './PlanHistoryDialog.tsx';
import { planLabel, validityLabel } from './planText.ts';

/** /plan-details (super): the plans with their durations, and each organisation's plan, validity and history. */
export function PlanDetailsPage() {
  useDocumentTitle('Plan Details');
  const paging = usePaging();
  const [history, setHistory] = useState<{ id: number; name: string } | null>(null);
  const plans = useQuery({
    queryKey: queryKeys.planDetails(true),
    queryFn: ({ signal }) => fetchPlanDetails(true, signal),
  });
  const organisations = useQuery({
    queryKey: queryKeys.userPlans(paging.pageNo, paging.limits, paging.search),
    queryFn: ({ signal }) => fetchUserPlans(paging.pageNo, paging.limits, paging.search, signal),
    placeholderData: keepPreviousData,
  });
  const columns: DataTableColumn<OrganisationPlan>[] = [
    { key: 'organisation', header: 'Organisation', minWidth: 140, render: (p) => p.organisation },
    { key: 'plan', header: 'Plan', render: (p) => planLabel(p.plan_name, p.duration) },
    {
      key: 'started',
      header: 'Started',
      hideOnMobile: true,
      render: (p) => (p.plan_started_at ? formatDateShort(p.plan_started_at) : '—'),
    },
    {
      key: 'expires',
      header: 'Valid until',
      hideOnMobile: true,
      render: (p) => (p.plan_expires_at ? formatDateShort(p.plan_expires_at) : '—'),
    },
    {
      key: 'validity',
      header: 'Validity',
      render: (p) =>
        p.is_lapsed || p.plan_validity === 0 ? (
          <Chip size="small" color="error" label="Expired" />
        ) : p.has_expiry_popup ? (
          <Chip size="small" variant="outlined" label={`Ends soon: ${validityLabel(p.plan_validity)}`} />
        ) : (
          validityLabel(p.plan_validity)
        ),
    },
    { key: 'users', header: 'Users', hideOnMobile: true, render: (p) => `${p.registered_users} / ${p.user_limit}` },
    {
      key: 'history',
      header: 'History',
      render: (p) => (
        <Button
          size="small"
          onClick={() => setHistory({ id: p.organisation_id, name: p.organisation })}
          aria-label={`Plan history of ${p.organisation}`}
        >
          History
        </Button>
      ),
    },
  ];
  return (
    <ListPage
      title="Plan Details"
      actions={
        <Button component={RouterLink} to="/user/plan/changeplan" variant="outlined">
          Change plan
        </Button>
      }
    >
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ mb: 1 }}>
          Plans
        </Typography>
        {plans.isError && <Typography color="error">{refusalText(plans.error)}</Typography>}
        <Box
          component="ul"
          aria-label="Plans"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
        >
          {(plans.data?.plan_type ?? []).map((plan) => (
            <li key={plan.id}>
              <Chip
                label={plan.duration === null ? `${plan.name}: no fixed duration` : planLabel(plan.name, plan.duration)}
                variant="outlined"
              />
            </li>
          ))}
        </Box>
      </Paper>
      <Typography variant="h2">Organisations</Typography>
      <SearchField label="Search organisations" onSearch={paging.setSearch} />
      <DataTable
        label="Organisation plans"
        columns={columns}
        getRowId={(p) => p.organisation_id}
        {...pagedTableProps(paging, organisations)}
      />
      <PlanHistoryDialog organisation={history} onClose={() => setHistory(null)} />
    </ListPage>
  );
}
