import {
  caseBody,
  caseMessages,
  CASE_STATUS_LABELS,
  CASE_STATUSES,
  type CaseBodyInput,
  type CaseDetail,
  type CaseStatus,
  type CaseUser,
} from '@lexdesk/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { isApiError, refusalText } from '../../api/client.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { createCase, fetchCaseUsers, updateCase } from './api.ts';

interface CaseFormDialogProps {
  /** The case to edit, or null to create one. */
  existing: CaseDetail | null;
  onClose: () => void;
  onSaved?: (saved: CaseDetail) => void;
}

type Errors = Partial<Record<'title' | 'client' | 'description' | 'status' | 'parties' | 'assigned_user_ids', string>>;

/** Create or edit a case: title, client, parties (several), status, description, assigned users. */
export function CaseFormDialog({ existing, onClose, onSaved }: CaseFormDialogProps) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [title, setTitle] = useState(existing?.title ?? '');
  const [client, setClient] = useState(existing?.client ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [status, setStatus] = useState<CaseStatus | ''>(existing?.status ?? 'open');
  const [parties, setParties] = useState<string[]>(existing?.parties ?? []);
  const [partyInput, setPartyInput] = useState('');
  const [assigned, setAssigned] = useState<CaseUser[]>(existing?.assigned_users ?? []);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const users = useQuery({ queryKey: queryKeys.cases.users, queryFn: ({ signal }) => fetchCaseUsers(signal) });

  const save = useMutation({
    mutationFn: (body: CaseBodyInput) => (existing ? updateCase(existing.id, body) : createCase(body)),
    onSuccess: async (saved) => {
      enqueueSnackbar(existing ? caseMessages.updated : caseMessages.created, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.cases.all });
      onSaved?.(saved);
      onClose();
    },
    onError: (error) => {
      if (isApiError(error, 400) && error.fields) setServerErrors(error.fields as Errors);
      enqueueSnackbar(refusalText(error), { variant: 'error' });
    },
  });

  // A party typed but not yet confirmed with Enter still counts.
  const allParties = partyInput.trim() ? [...parties, partyInput.trim()] : parties;
  const parsed = caseBody.safeParse({
    title,
    client,
    description,
    status: status || undefined,
    parties: allParties,
    assigned_user_ids: assigned.map((u) => u.id),
  });
  // Checked from the first Save on, as the fields change: a corrected field loses its message at once.
  const errors: Errors = { ...serverErrors };
  if (submitted) {
    for (const issue of parsed.error?.issues ?? []) errors[String(issue.path[0]) as keyof Errors] ??= issue.message;
  }

  const submit = () => {
    setSubmitted(true);
    setServerErrors({});
    if (parsed.success) save.mutate(parsed.data);
  };

  return (
    <FormDialog
      title={existing ? 'Edit case' : 'Create case'}
      submitLabel="Save"
      // A refusal is toasted; the fields it names show it too.
      save={{ busy: save.isPending, refusal: null, submit }}
      onClose={onClose}
      columns={1}
    >
      <TextField
        label="Title"
        required
        autoFocus
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={Boolean(errors.title)}
        helperText={errors.title}
      />
      <TextField
        label="Client"
        value={client}
        onChange={(e) => setClient(e.target.value)}
        error={Boolean(errors.client)}
        helperText={errors.client}
      />
      <Autocomplete
        multiple
        disableCloseOnSelect
        freeSolo
        options={[] as string[]}
        value={parties}
        inputValue={partyInput}
        onInputChange={(_e, value) => setPartyInput(value)}
        onChange={(_e, value) => setParties(value.map((v) => v.trim()).filter(Boolean))}
        renderValue={(value, getItemProps) =>
          value.map((option, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={option} {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label="Parties"
            placeholder="Type a name and press Enter"
            error={Boolean(errors.parties)}
            helperText={errors.parties ?? 'Press Enter after each party'}
          />
        )}
      />
      <TextField
        select
        label="Status"
        required
        value={status}
        onChange={(e) => setStatus(e.target.value as CaseStatus)}
        error={Boolean(errors.status)}
        helperText={errors.status}
      >
        {CASE_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {CASE_STATUS_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Description"
        multiline
        minRows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={Boolean(errors.description)}
        helperText={errors.description}
      />
      <Autocomplete
        multiple
        disableCloseOnSelect
        options={users.data?.data ?? []}
        loading={users.isLoading}
        value={assigned}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionLabel={(u) => `${u.name} (${u.email})`}
        onChange={(_e, value) => setAssigned(value)}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Assigned users"
            error={Boolean(errors.assigned_user_ids)}
            helperText={errors.assigned_user_ids}
          />
        )}
      />
    </FormDialog>
  );
}
