import { passwordStrength, STRONGEST_LEVEL } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/** The strength meter of spec 01 §5: levels 0-1 weak (30), 2 medium (60), 3 strong (100), with the label. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const strength = passwordStrength(password);
  const labelId = useId();
  const color = strength.id >= STRONGEST_LEVEL ? 'success' : strength.id === 2 ? 'warning' : 'error';
  return (
    <Box sx={{ mt: 1, mb: 1 }} data-testid="password-strength">
      <LinearProgress
        variant="determinate"
        value={password ? strength.meter : 0}
        color={color}
        aria-labelledby={labelId}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography id={labelId} variant="caption" color="text.secondary" aria-live="polite">
        Password strength: {password ? strength.label : '-'}
      </Typography>
    </Box>
  );
}
