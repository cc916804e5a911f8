import { ListPage } from '../../ui/ListPage.tsx';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { AuditLogSection } from './AuditLogSection.tsx';
import { DeliveryStatusSection } from './DeliveryStatusSection.tsx';
import { HousekeepingSection } from './HousekeepingSection.tsx';
import { InstallationSettingsSection } from './InstallationSettingsSection.tsx';
import { LockedAccountsSection } from './LockedAccountsSection.tsx';
import { OutboxSection } from './OutboxSection.tsx';
import { SendLinkForm } from './SendLinkForm.tsx';

/** /admin-setting (super only): settings, links, mail and SMS, housekeeping, the outbox, locked accounts and the audit log. */
export function AdminSettingPage() {
  useDocumentTitle('Admin Setting');
  return (
    <ListPage title="Admin Setting" gap={3}>
      <InstallationSettingsSection />
      <SendLinkForm />
      <DeliveryStatusSection />
      <HousekeepingSection />
      <OutboxSection />
      <LockedAccountsSection />
      <AuditLogSection />
    </ListPage>
  );
}
