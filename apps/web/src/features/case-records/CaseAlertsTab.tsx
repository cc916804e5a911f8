import type { CaseTabProps } from '../cases/caseTabs.ts';
import { AlertsList } from './AlertsList.tsx';

/** The case page's Alerts tab. */
export function CaseAlertsTab({ caseDetail }: CaseTabProps) {
  return <AlertsList caseId={caseDetail.id} />;
}
