import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import type { CaseTabProps } from '../../app/webModule.ts';
import { CaseHistoryList } from './CaseHistoryList.tsx';
import { caseHistoryPath } from './CaseHistoryPage.tsx';

/** The case page's History tab: the audit history, and a link to it on its own page. */
export function CaseHistoryTab({ caseDetail }: CaseTabProps) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box>
        <Link component={RouterLink} to={caseHistoryPath(caseDetail.id, caseDetail.title)}>
          Open the history on its own page
        </Link>
      </Box>
      <CaseHistoryList caseId={caseDetail.id} />
    </Box>
  );
}
