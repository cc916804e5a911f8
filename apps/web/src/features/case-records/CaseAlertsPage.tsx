import { ListPage } from '../../ui/ListPage.tsx';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { AlertsList } from './AlertsList.tsx';

/** /case-alerts: every alert of the organisation's cases. */
export function CaseAlertsPage() {
  useDocumentTitle('Case alerts');
  return (
    <ListPage
      title="Case alerts"
      intro="Deadlines, hearings and reminders on your cases. Due alerts also appear when you sign in."
    >
      <AlertsList />
    </ListPage>
  );
}
