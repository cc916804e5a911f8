import { ACTIVITY_TYPES, formatDuration, timeEntryBody, type ActivityType, type TimeEntry } from '@lexdesk/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { addTimeEntry, updateTimeEntry } from './api.ts';
import { readDuration } from './duration.ts';
import { todayIso } from './taskChips.tsx';

/** The duration as it reads back into the field ('1h 20m' → '1h20m'). */
const typedAs = (seconds: number) => formatDuration(seconds).replace(/\s+/g, '');

/**
 * Add time by hand (or edit an entry): the time spent typed as 1h20m, 1:20 or 1.33h (read by the contract's
 * parseDuration as the user types), its day, billable, the activity type and a note.
 */
export function TimeEntryDialog({
  taskId,
  entry,
  onClose,
}: {
  taskId: number;
  /** The entry being edited; absent to add one. */
  entry?: TimeEntry;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [duration, setDuration] = useState(entry ? typedAs(entry.seconds) : '');
  const [date, setDate] = useState(entry?.date ?? todayIso());
  const [billable, setBillable] = useState(entry?.billable ?? true);
  const [activityType, setActivityType] = useState<ActivityType>(entry?.activity_type ?? 'Other');
  const [note, setNote] = useState(entry?.note ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const reading = readDuration(duration, submitted);

  const save = useMutation({
    mutationFn: () => {
      const body = { task_id: taskId, duration, date, billable, activity_type: activityType, note };
      const checked = timeEntryBody.safeParse(body);
      if (!checked.success) {
        const found: Record<string, string> = {};
        for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
        setProblems(found);
        throw new Error('invalid');
      }
      setProblems({});
      if (!entry) return addTimeEntry(checked.data);
      const { task_id: _task, ...changes } = checked.data;
      // An entry's time is sent only when it changed: a timer's entry typed anew loses its spans.
      return updateTimeEntry(entry.id, {
        ...changes,
        duration: parseChanged(entry.seconds, reading.seconds) ? changes.duration : undefined,
      });
    },
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all });
      onClose();
    },
  });
  const refusal = save.isError && save.error.message !== 'invalid' ? refusalText(save.error) : null;
  const durationProblem = problems.duration ?? reading.problem;

  return (
    <FormDialog
      title={entry ? 'Edit time entry' : 'Add time'}
      submitLabel={entry ? 'Save' : 'Add time'}
      save={{
        busy: save.isPending,
        refusal,
        submit: () => {
          setSubmitted(true);
          save.mutate();
        },
      }}
      onClose={onClose}
    >
      <TextField
        label="Time spent"
        value={duration}
        onChange={(event) => setDuration(event.target.value)}
        required
        autoFocus
        placeholder="1h20m"
        error={Boolean(durationProblem)}
        helperText={durationProblem ?? reading.helper}
        slotProps={{ htmlInput: { inputMode: 'text', autoComplete: 'off' } }}
      />
      <TextField
        type="date"
        label="Date"
        value={date}
        onChange={(event) => setDate(event.target.value)}
        required
        error={Boolean(problems.date)}
        helperText={problems.date}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        select
        label="Activity type"
        value={activityType}
        onChange={(event) => setActivityType(event.target.value as ActivityType)}
      >
        {ACTIVITY_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={billable} onChange={(event) => setBillable(event.target.checked)} />}
        label="Billable"
      />
      <TextField
        label="Note"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
        error={Boolean(problems.note)}
        helperText={problems.note}
        sx={{ gridColumn: '1 / -1' }}
      />
    </FormDialog>
  );
}

const parseChanged = (before: number, after: number | null) => after !== null && after !== before;
