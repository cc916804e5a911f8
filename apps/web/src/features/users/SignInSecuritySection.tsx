import Box from '@mui/material/Box';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { MfaCard } from './MfaCard.tsx';
import { MfaPolicyCard } from './MfaPolicyCard.tsx';
import { PhoneVerificationCard } from './PhoneVerificationCard.tsx';

/** The profile's sign-in security: multi-factor sign-in, verified phone, and (admins) the organisation's policy. */
export function SignInSecuritySection({ userId }: { userId: number }) {
  const session = useRequiredSession();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        gap: 3,
        mt: 3,
        alignItems: 'start',
      }}
    >
      <MfaCard />
      <PhoneVerificationCard userId={userId} />
      {session.role !== 'user' && <MfaPolicyCard />}
    </Box>
  );
}
