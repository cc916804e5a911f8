import type { CaseTabProps } from '../../app/webModule.ts';
import { ReportHistoryList } from './ReportHistoryList.tsx';

/** The case page's Reports tab: its report history. */
export function CaseReportsTab({ caseDetail }: CaseTabProps) {
  return <ReportHistoryList caseId={caseDetail.id} />;
}
