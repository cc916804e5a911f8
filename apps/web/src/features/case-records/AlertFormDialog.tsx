import {
  ALERT_TYPES,
  alertMessages,
  caseAlertCreateBody,
  caseAlertUpdateBody,
  type AlertType,
  type CaseAlert,
} from '@lexdesk/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { FormProblem } from '../../ui/FormProblem.tsx';
import { createAlert, fetchCaseDocumentOptions, fetchCaseOptions, updateAlert } from './api.ts';

interface AlertFormDialogProps {
  open: boolean;
  /** The alert to edit; null raises a new one. */
  alert: CaseAlert | null;
  /** A fixed case (the case page's Alerts tab); otherwise the form asks for one. */
  caseId?: number;
  onClose: () => void;
}

const todayText = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** Raise or edit an alert: case, alert type, due date, linked documents, a first comment; done when editing. */
export function AlertFormDialog({ open, alert, caseId, onClose }: AlertFormDialogProps) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [caseChoice, setCaseChoice] = useState<number | ''>(caseId ?? '');
  const [alertType, setAlertType] = useState<AlertType | ''>('');
  const [dueDate, setDueDate] = useState(todayText());
  const [documentIds, setDocumentIds] = useState<number[]>([]);
  const [comment, setComment] = useState('');
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setCaseChoice(alert?.case_id ?? caseId ?? '');
    setAlertType(alert?.alert_type ?? '');
    setDueDate(alert?.due_date ?? todayText());
    setDocumentIds(alert?.documents.map((d) => d.id) ?? []);
    setComment('');
    setDone(alert?.is_done ?? false);
    setProblem(null);
  }, [open, alert, caseId]);

  const cases = useQuery({
    queryKey: queryKeys.caseRecords.caseOptions,
    queryFn: ({ signal }) => fetchCaseOptions(signal),
    enabled: open && caseId === undefined && !alert,
  });
  const selectedCase = typeof caseChoice === 'number' ? caseChoice : null;
  const documents = useQuery({
    queryKey: queryKeys.caseRecords.caseDocuments(selectedCase ?? 0),
    queryFn: ({ signal }) => fetchCaseDocumentOptions(selectedCase ?? 0, signal),
    enabled: open && selectedCase !== null,
  });

  const save = useMutation({
    mutationFn: async () => {
      if (alert) {
        const parsed = caseAlertUpdateBody.safeParse({
          alert_type: alertType || undefined,
          due_date: dueDate,
          document_ids: documentIds,
          is_done: done,
        });
        if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
        return updateAlert(alert.id, parsed.data);
      }
      const parsed = caseAlertCreateBody.safeParse({
        case_id: selectedCase ?? undefined,
        alert_type: alertType || undefined,
        due_date: dueDate,
        document_ids: documentIds,
        comment,
      });
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
      return createAlert(parsed.data);
    },
    onSuccess: async () => {
      enqueueSnackbar(alertMessages.saved, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.caseRecords.alerts });
      await queryClient.invalidateQueries({ queryKey: queryKeys.caseRecords.dashboard });
      onClose();
    },
    onError: (error) => setProblem(error instanceof Error && !('status' in error) ? error.message : refusalText(error)),
  });

  const options = documents.data?.data ?? [];
  return (
    <FormDialog
      open={open}
      title={alert ? 'Edit alert' : 'New alert'}
      submitLabel="Save"
      // Checks and refusals alike show under the fields, in FormProblem.
      save={{ busy: save.isPending, refusal: null, submit: () => save.mutate() }}
      onClose={onClose}
      columns={1}
    >
      {alert || caseId !== undefined ? null : (
        <TextField
          select
          label="Case"
          value={caseChoice}
          onChange={(event) => {
            setCaseChoice(Number(event.target.value));
            setDocumentIds([]);
          }}
          required
        >
          {(cases.data?.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.title}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        label="Alert type"
        value={alertType}
        onChange={(event) => setAlertType(event.target.value as AlertType)}
        required
      >
        {ALERT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        label="Due date"
        value={dueDate}
        onChange={(event) => setDueDate(event.target.value)}
        required
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Autocomplete
        multiple
        disableCloseOnSelect
        options={options}
        value={options.filter((o) => documentIds.includes(o.id))}
        onChange={(_event, value) => setDocumentIds(value.map((v) => v.id))}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        disabled={selectedCase === null}
        noOptionsText="This case has no documents yet"
        renderInput={(params) => <TextField {...params} label="Linked documents" />}
      />
      {!alert && (
        <TextField
          label="Comment"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          multiline
          minRows={2}
        />
      )}
      {alert && (
        <FormControlLabel
          control={<Checkbox checked={done} onChange={(event) => setDone(event.target.checked)} />}
          label="Done (no longer shown as due)"
        />
      )}
      <FormProblem problem={problem} />
    </FormDialog>
  );
}
