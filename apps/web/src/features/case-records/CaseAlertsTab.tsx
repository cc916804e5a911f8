import type { CaseTabProps } from '../../app/webModule.ts';
import { AlertsList } from './AlertsList.tsx';

/** The case page's Alerts tab. */
export function CaseAlertsTab({ caseDetail }: CaseTabProps) {
  return <AlertsList caseId={caseDetail.id} />;
}
