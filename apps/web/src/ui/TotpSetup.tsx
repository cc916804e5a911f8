import type { TotpEnrolment } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The QR code to scan with an authenticator app, and the secret for typing it in by hand. */
export function TotpSetup({ enrolment }: { enrolment: TotpEnrolment }) {
  const groups = enrolment.secret.match(/.{1,4}/g) ?? [enrolment.secret];
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', my: 2 }}>
      <Box
        component="img"
        src={enrolment.qr_code}
        alt="QR code for your authenticator app"
        sx={{ width: 180, height: 180, bgcolor: '#fff', p: 1, borderRadius: 1 }}
      />
      <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          Scan the code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), or enter
          this key by hand:
        </Typography>
        <Typography
          component="code"
          data-testid="totp-secret"
          data-secret={enrolment.secret}
          sx={{ fontFamily: 'monospace', fontSize: '0.95rem', display: 'flex', flexWrap: 'wrap', columnGap: '1ch' }}
        >
          {/* Lines break between groups of four, never inside one, so the key is copied without slips. */}
          {groups.map((group, index) => (
            <span key={index}>{group}</span>
          ))}
        </Typography>
      </Box>
    </Box>
  );
}
