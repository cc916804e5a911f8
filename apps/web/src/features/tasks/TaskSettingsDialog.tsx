import { taskMessages as M, taskSettings, type TaskSettings } from '@lexdesk/contract';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { fetchTaskSettings, saveTaskSettings } from './api.ts';

type Field = keyof TaskSettings;
const FIELDS: { field: Field; label: string; help: string }[] = [
  {
    field: 'idle_minutes',
    label: 'Idle time (minutes)',
    help: 'A running timer with no activity this long asks whether to keep, discard or stop the idle time.',
  },
  {
    field: 'billing_increment_minutes',
    label: 'Billing increment (minutes)',
    help: 'Time is recorded to the second; invoices round each entry up to this increment.',
  },
];

/** Staff set the organisation's timer rules (GET/PUT task-settings/, docs/tasks.md "Task settings"). */
export function TaskSettingsDialog({ onClose }: { onClose: () => void }) {
  const current = useQuery({ queryKey: queryKeys.tasks.settings, queryFn: fetchTaskSettings });
  if (!current.data) return null;
  return <SettingsForm initial={current.data} onClose={onClose} />;
}

function SettingsForm({ initial, onClose }: { initial: TaskSettings; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [values, setValues] = useState<Record<Field, string>>({
    idle_minutes: String(initial.idle_minutes),
    billing_increment_minutes: String(initial.billing_increment_minutes),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationFn: saveTaskSettings,
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || M.settingsSaved, { variant: 'success' });
      queryClient.setQueryData(queryKeys.tasks.settings, answer.settings);
      onClose();
    },
    onError: (failure) => enqueueSnackbar(refusalText(failure), { variant: 'error' }),
  });
  const submit = () => {
    // An empty or non-numeric field is NaN, which the contract refuses with the field's range message.
    const parsed = taskSettings.safeParse({
      idle_minutes: values.idle_minutes.trim() === '' ? Number.NaN : Number(values.idle_minutes),
      billing_increment_minutes:
        values.billing_increment_minutes.trim() === '' ? Number.NaN : Number(values.billing_increment_minutes),
    });
    if (parsed.success) {
      setErrors({});
      save.mutate(parsed.data);
      return;
    }
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
    setErrors(found);
  };
  return (
    <FormDialog
      title="Timer settings"
      submitLabel="Save"
      save={{ busy: save.isPending, refusal: null, submit }}
      onClose={onClose}
      columns={1}
    >
      <DialogContentText>These apply to everyone in your organisation.</DialogContentText>
      {FIELDS.map(({ field, label, help }) => (
        <TextField
          key={field}
          label={label}
          type="number"
          value={values[field]}
          onChange={(event) => {
            setValues((old) => ({ ...old, [field]: event.target.value }));
            setErrors((old) => ({ ...old, [field]: undefined }));
          }}
          error={Boolean(errors[field])}
          helperText={errors[field] ?? help}
        />
      ))}
    </FormDialog>
  );
}
