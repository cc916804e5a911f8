import { PLAN_DURATIONS, USER_LIMIT_MAX, userLimitProblem } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ContactLink } from './ContactLink.tsx';

export interface PlanChoice {
  plan: 'Trial' | 'Associate' | 'Membership';
  duration: number | null;
  userLimit: string;
}

/** The plans a firm can pick itself (spec 01 §1, §9), as radio options: plan and months. */
const OPTIONS: { value: string; plan: PlanChoice['plan']; duration: number | null; label: string; note: string }[] = [
  {
    value: 'Associate-6',
    plan: 'Associate',
    duration: 6,
    label: 'Associate · 6 months',
    note: 'Every module, paid for 6 months.',
  },
  {
    value: 'Associate-12',
    plan: 'Associate',
    duration: 12,
    label: 'Associate · 12 months',
    note: 'Every module, paid for a year.',
  },
  {
    value: 'Membership-12',
    plan: 'Membership',
    duration: 12,
    label: 'Membership · 12 months',
    note: 'Concepts and tasks, for a year.',
  },
  {
    value: 'Trial',
    plan: 'Trial',
    duration: PLAN_DURATIONS.Trial[0] ?? null,
    label: 'Trial',
    note: 'Try Lexdesk for a month; then it moves to Associate for 6 months.',
  },
];

interface PlanStepProps {
  initial: PlanChoice;
  contact: string;
  onContinue: (choice: PlanChoice) => void;
}

/** Step 1: the plan, its duration and the number of users (1-9999). Bespoke goes to the contact address. */
export function PlanStep({ initial, contact, onContinue }: PlanStepProps) {
  const [value, setValue] = useState(
    initial.plan === 'Trial' ? 'Trial' : `${initial.plan}-${String(initial.duration ?? 6)}`,
  );
  const [userLimit, setUserLimit] = useState(initial.userLimit);
  const [touched, setTouched] = useState(false);
  const limitProblem = userLimitProblem(userLimit);
  const count = Number(userLimit);
  const step = (delta: number) => {
    setTouched(true);
    const base = Number.isFinite(count) && count >= 1 ? count : 1;
    setUserLimit(String(Math.min(USER_LIMIT_MAX, Math.max(1, base + delta))));
  };
  const next = () => {
    setTouched(true);
    const option = OPTIONS.find((o) => o.value === value);
    if (!option || limitProblem) return;
    onContinue({ plan: option.plan, duration: option.duration, userLimit: userLimit.trim() });
  };

  return (
    <Box>
      <FormControl component="fieldset" fullWidth>
        <FormLabel component="legend" sx={{ mb: 1 }}>
          Choose a plan
        </FormLabel>
        <RadioGroup value={value} onChange={(event) => setValue(event.target.value)} name="plan">
          {OPTIONS.map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
              label={
                <Box>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {option.label}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {option.note}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Bespoke: a plan made for your firm. <ContactLink address={contact}>Contact us</ContactLink>
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 2 }}>
        <IconButton aria-label="Fewer users" onClick={() => step(-1)} disabled={!(count > 1)} sx={{ mt: 1 }}>
          <RemoveIcon />
        </IconButton>
        <TextField
          label="Number of users"
          name="user_limit"
          value={userLimit}
          onChange={(event) => {
            setTouched(true);
            setUserLimit(event.target.value.replace(/[^0-9]/g, ''));
          }}
          error={touched && Boolean(limitProblem)}
          helperText={touched && limitProblem ? limitProblem : 'Between 1 and 9999'}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ flex: 1 }}
        />
        <IconButton aria-label="More users" onClick={() => step(1)} disabled={count >= USER_LIMIT_MAX} sx={{ mt: 1 }}>
          <AddIcon />
        </IconButton>
      </Box>
      <Button variant="contained" size="large" fullWidth onClick={next}>
        Continue
      </Button>
    </Box>
  );
}
