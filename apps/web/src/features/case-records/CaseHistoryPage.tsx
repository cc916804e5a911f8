import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { ListPage } from '../../ui/ListPage.tsx';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { casePath } from '../cases/index.ts';
import { CaseHistoryList } from './CaseHistoryList.tsx';

/** Where the case's full history lives (/case-history/history/{id}?caseName=). */
export const caseHistoryPath = (caseId: number, title: string) =>
  `/case-history/history/${caseId}?caseName=${encodeURIComponent(title)}`;

/** /case-history/history/{id}?caseName=: who changed what on a case and its records. */
export function CaseHistoryPage() {
  const caseId = Number(useParams().id);
  const caseName = useSearchParams()[0].get('caseName') ?? '';
  useDocumentTitle(caseName ? `History: ${caseName}` : 'Case history');
  return (
    <ListPage
      title={`History${caseName ? `: ${caseName}` : ''}`}
      breadcrumbs={
        <Breadcrumbs aria-label="Breadcrumb">
          <Link component={RouterLink} to="/case">
            Cases
          </Link>
          <Link component={RouterLink} to={casePath(caseId)}>
            {caseName || 'Case'}
          </Link>
          <Typography color="text.primary">History</Typography>
        </Breadcrumbs>
      }
    >
      <CaseHistoryList caseId={caseId} />
    </ListPage>
  );
}
