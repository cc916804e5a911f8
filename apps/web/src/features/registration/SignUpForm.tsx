import { signUpProblems, type SignUpResponse } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError, refusalText } from '../../api/client.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { signUp } from './api.ts';
import type { PlanChoice } from './PlanStep.tsx';

interface SignUpFormProps {
  choice: PlanChoice;
  onBack: () => void;
  onStarted: (started: SignUpResponse, email: string) => void;
}

/** Step 2: organisation name, email, phone (optional) and the terms, with the messages of spec 01 §5. */
export function SignUpForm({ choice, onBack, onStarted }: SignUpFormProps) {
  const banner = useErrorBanner();
  const [values, setValues] = useState({ name: '', email: '', phone: '', terms: false });
  const [fields, setFields] = useState<Record<string, string>>({});
  const body = {
    ...values,
    plan_name: choice.plan,
    duration: choice.duration,
    user_limit: choice.userLimit,
  };
  const start = useMutation({
    mutationFn: () => signUp(body),
    onSuccess: (started) => onStarted(started, values.email.trim().toLowerCase()),
    onError: (error) => {
      if (isApiError(error) && error.fields) setFields(error.fields);
      banner.show(refusalText(error));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = signUpProblems(body);
    setFields(Object.fromEntries([...problems].reverse()));
    if (problems.length > 0) {
      banner.show(problems[0]![1]);
      return;
    }
    start.mutate();
  };
  const set = (key: 'name' | 'email' | 'phone') => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Sign Up">
      <ErrorBanner banner={banner} />
      <Typography variant="body2" color="text.secondary">
        Plan: {choice.plan}
        {choice.duration ? ` · ${choice.duration} ${choice.duration === 1 ? 'month' : 'months'}` : ''} ·{' '}
        {choice.userLimit} {choice.userLimit === '1' ? 'user' : 'users'}
      </Typography>
      <TextField
        label="Organization name"
        name="name"
        value={values.name}
        onChange={set('name')}
        error={Boolean(fields.name)}
        helperText={fields.name}
        fullWidth
        margin="normal"
        autoComplete="organization"
        autoFocus
      />
      <TextField
        label="Email"
        name="email"
        value={values.email}
        onChange={set('email')}
        error={Boolean(fields.email)}
        helperText={fields.email}
        fullWidth
        margin="normal"
        autoComplete="email"
        slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false, autoCapitalize: 'none' } }}
      />
      <TextField
        label="Phone (optional)"
        name="phone"
        value={values.phone}
        onChange={set('phone')}
        error={Boolean(fields.phone)}
        helperText={fields.phone ?? 'We text the one-time code here; without a phone it goes to your email.'}
        fullWidth
        margin="normal"
        autoComplete="tel"
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
      />
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Checkbox
            checked={values.terms}
            onChange={(event) => setValues((v) => ({ ...v, terms: event.target.checked }))}
            name="terms"
          />
        }
        label="I agree to the Terms of services"
      />
      {fields.terms && <FormHelperText error>{fields.terms}</FormHelperText>}
      <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
        <Button variant="outlined" size="large" onClick={onBack} sx={{ flex: 1 }}>
          Back
        </Button>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={start.isPending}
          startIcon={start.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          sx={{ flex: 1 }}
        >
          Sign Up
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
        Already registered?{' '}
        <Link component={RouterLink} to="/login">
          Log In
        </Link>
      </Typography>
    </Box>
  );
}
