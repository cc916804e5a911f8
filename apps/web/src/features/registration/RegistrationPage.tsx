import { registrationMessages, type SignUpResponse } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageSpinner } from '../../app/PageSpinner.tsx';
import { useAppConfig } from '../../app/useAppConfig.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { PublicLayout } from '../../ui/PublicLayout.tsx';
import { ContactLink } from './ContactLink.tsx';
import { OtpStep } from './OtpStep.tsx';
import { PlanStep, type PlanChoice } from './PlanStep.tsx';
import { SignUpForm } from './SignUpForm.tsx';

type Step = { kind: 'plan' } | { kind: 'form' } | { kind: 'otp'; started: SignUpResponse };

const TITLES = { plan: 'Choose your plan', form: 'Sign Up', otp: 'Verify OTP' } as const;

/** /user/register/new: plan → organisation and contact → OTP → 'Set Password' (a link by email). */
export function RegistrationPage() {
  const config = useAppConfig();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'plan' });
  const [choice, setChoice] = useState<PlanChoice>({ plan: 'Associate', duration: 6, userLimit: '1' });
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const dialogTitleId = useId();
  useDocumentTitle(config && !config.registration_open ? 'Registration' : TITLES[step.kind]);

  if (!config) return <PageSpinner minHeight="100vh" />;
  if (!config.registration_open) {
    return (
      <PublicLayout title="Registration">
        <Alert severity="info" sx={{ mb: 2 }}>
          {registrationMessages.closed}
        </Alert>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {registrationMessages.contactUs} <ContactLink address={config.bespoke_contact} />
        </Typography>
        <Link component={RouterLink} to="/login" variant="body2">
          Log In
        </Link>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={TITLES[step.kind]} maxWidth={520}>
      {step.kind === 'plan' && (
        <PlanStep
          initial={choice}
          contact={config.bespoke_contact}
          onContinue={(next) => {
            setChoice(next);
            setStep({ kind: 'form' });
          }}
        />
      )}
      {step.kind === 'form' && (
        <SignUpForm
          choice={choice}
          onBack={() => setStep({ kind: 'plan' })}
          onStarted={(started) => setStep({ kind: 'otp', started })}
        />
      )}
      {step.kind === 'otp' && <OtpStep started={step.started} onVerified={setRegisteredEmail} />}
      {step.kind === 'plan' && (
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Typography variant="body2">
            Already registered?{' '}
            <Link component={RouterLink} to="/login">
              Log In
            </Link>
          </Typography>
        </Box>
      )}
      <Dialog open={registeredEmail !== null} aria-labelledby={dialogTitleId}>
        <DialogTitle id={dialogTitleId}>{registrationMessages.setPasswordTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{registrationMessages.linkSent}</DialogContentText>
          <DialogContentText sx={{ mt: 1, fontWeight: 600 }}>{registeredEmail}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => navigate('/login', { replace: true })}>
            Go to Log In
          </Button>
        </DialogActions>
      </Dialog>
    </PublicLayout>
  );
}
