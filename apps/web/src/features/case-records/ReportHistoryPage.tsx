import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { ListPage } from '../../ui/ListPage.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { casePath, fetchCase } from '../cases/index.ts';
import { ReportHistoryList } from './ReportHistoryList.tsx';

/** /report/history/{caseId}: the reports answered for one case. */
export function ReportHistoryPage() {
  const caseId = Number(useParams().id);
  useDocumentTitle('Report history');
  const theCase = useQuery({
    queryKey: queryKeys.cases.detail(caseId),
    queryFn: ({ signal }) => fetchCase(caseId, signal),
  });
  if (theCase.isError) return <Typography color="error">{refusalText(theCase.error)}</Typography>;
  return (
    <ListPage
      title={`Report history${theCase.data ? `: ${theCase.data.title}` : ''}`}
      breadcrumbs={
        <Breadcrumbs aria-label="Breadcrumb">
          <Link component={RouterLink} to="/case">
            Cases
          </Link>
          <Link component={RouterLink} to={casePath(caseId, 'reports')}>
            {theCase.data?.title ?? 'Case'}
          </Link>
          <Typography color="text.primary">Report history</Typography>
        </Breadcrumbs>
      }
    >
      <ReportHistoryList caseId={caseId} />
    </ListPage>
  );
}
