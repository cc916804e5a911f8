import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { AuditLogSection } from './AuditLogSection.tsx';
import { DeliveryStatusSection } from './DeliveryStatusSection.tsx';
import { InstallationSettingsSection } from './InstallationSettingsSection.tsx';
import { LockedAccountsSection } from './LockedAccountsSection.tsx';
import { OutboxSection } from './OutboxSection.tsx';
import { SendLinkForm } from './SendLinkForm.tsx';

/** /admin-setting (super only): settings, links, mail and SMS, the outbox, locked accounts and the audit log. */
export function AdminSettingPage() {
  useDocumentTitle('Admin Setting');
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <Typography variant="h1">Admin Setting</Typography>
      <InstallationSettingsSection />
      <SendLinkForm />
      <DeliveryStatusSection />
      <OutboxSection />
      <LockedAccountsSection />
      <AuditLogSection />
    </Box>
  );
}
