import { savedSearchBody, savedSearchMessages } from '@lexdesk/contract';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { isApiError, refusalText } from '../../api/client.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { saveSearch } from './api.ts';

interface SaveSearchDialogProps {
  caseId: number;
  /** The search as typed ("quoted words" are a phrase). */
  terms: string;
  onClose: () => void;
}

/** Keeps the current words-in-documents search of a case; its name starts as the words. */
export function SaveSearchDialog({ caseId, terms, onClose }: SaveSearchDialogProps) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [name, setName] = useState(terms);
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: () => saveSearch(caseId, { terms, name }),
    onSuccess: async () => {
      enqueueSnackbar(savedSearchMessages.saved, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.cases.caseSavedSearches(caseId) });
      onClose();
    },
    onError: (failure) => {
      if ((isApiError(failure, 400) || isApiError(failure, 409)) && failure.fields?.name) setError(failure.fields.name);
      else enqueueSnackbar(refusalText(failure), { variant: 'error' });
    },
  });
  const submit = () => {
    const parsed = savedSearchBody.safeParse({ terms, name });
    const problem = parsed.success ? '' : (parsed.error.issues[0]?.message ?? '');
    setError(problem);
    if (!problem) save.mutate();
  };
  return (
    <FormDialog
      title="Save search"
      submitLabel="Save"
      // A refusal the server ties to the name shows under it, any other is toasted.
      save={{ busy: save.isPending, refusal: null, submit }}
      onClose={onClose}
      columns={1}
    >
      <DialogContentText>Words searched for: {terms}</DialogContentText>
      <TextField
        autoFocus
        label="Name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError('');
        }}
        error={error !== ''}
        helperText={error || 'Left blank, the search is named after its words.'}
      />
    </FormDialog>
  );
}
