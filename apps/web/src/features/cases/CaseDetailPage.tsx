import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { isApiError, refusalText } from '../../api/client.ts';
import { PageSpinner } from '../../app/PageSpinner.tsx';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { casePath } from './paths.ts';
import { fetchCase } from './api.ts';
import { CASE_TABS } from '../../app/modules.ts';
import { CaseStatusChip } from './StatusChip.tsx';

/** /cases/case-summary/case-status/{id}[/{tab}]: one case with its tabs (CASE_TABS). */
export function CaseDetailPage() {
  const splat = useParams()['*'] ?? '';
  const [idText, tabKey] = splat.split('/');
  const id = Number(idText);
  const navigate = useNavigate();
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({
    queryKey: queryKeys.cases.detail(id),
    queryFn: ({ signal }) => fetchCase(id, signal),
    enabled: valid,
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
  useDocumentTitle(detail.data?.title ?? 'Case');
  const tab = CASE_TABS.find((t) => t.key === tabKey) ?? CASE_TABS[0];
  // Nine tabs (with Playbooks) need about 1,010 px: they fit in the page's 1,200 px from xl only, not at 1280.
  const tabsFit = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'), { noSsr: true });

  if (!valid || isApiError(detail.error, 404)) {
    return (
      <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
        <Typography variant="h1">Case not found</Typography>
        <Typography sx={{ mt: 2 }}>
          This case does not exist or you cannot open it.{' '}
          <Link component={RouterLink} to="/case">
            Back to the case list
          </Link>
        </Typography>
      </Box>
    );
  }
  if (detail.isError) return <Typography color="error">{refusalText(detail.error)}</Typography>;
  if (!detail.data || !tab) return <PageSpinner />;
  const theCase = detail.data;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Link component={RouterLink} to="/case">
          Cases
        </Link>
        <Typography color="text.primary">{theCase.title}</Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ wordBreak: 'break-word' }}>
          {theCase.title}
        </Typography>
        <CaseStatusChip status={theCase.status} />
      </Box>
      <Tabs
        value={tab.key}
        onChange={(_e, key: string) => void navigate(casePath(id, key))}
        variant="scrollable"
        // Below xl the tabs never all fit: arrows from the start. With 'auto' they appeared after MUI had
        // scrolled to the chosen tab, narrowed the strip and hid a tab opened by link behind the right arrow.
        scrollButtons={tabsFit ? 'auto' : true}
        allowScrollButtonsMobile
        aria-label="Case sections"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {CASE_TABS.map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            label={t.label}
            id={`case-tab-${t.key}`}
            aria-controls={`case-panel-${t.key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`case-panel-${tab.key}`} aria-labelledby={`case-tab-${tab.key}`}>
        <Suspense fallback={<PageSpinner />}>
          <tab.Panel caseDetail={theCase} />
        </Suspense>
      </Box>
    </Box>
  );
}
