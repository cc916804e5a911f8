import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { z } from 'zod';
import { refusalText } from '../../api/client.ts';
import { fieldErrors, serverFieldErrors } from './formErrors.ts';

/** The keys of a form state that hold text. */
type TextKey<State> = { [K in keyof State]: State[K] extends string ? K : never }[keyof State] & string;

interface SaveFormOptions<State, Body> {
  initial: () => State;
  /** The request body the state stands for; checked against `schema` and sent as it is. */
  bodyOf: (state: State) => Body;
  schema: z.ZodType;
  save: (body: Body) => Promise<unknown>;
  /** Toasted after a save. */
  savedMessage: string;
  /** The lists a save refreshes. */
  queryKey: QueryKey;
  onClose: () => void;
}

/**
 * State, checks and save of a create/edit form dialog. Field errors (the contract's, then the server's) show only
 * after the first submit; a save toasts, refreshes the lists and closes.
 */
export function useSaveForm<State extends object, Body>({
  initial,
  bodyOf,
  schema,
  save,
  savedMessage,
  queryKey,
  onClose,
}: SaveFormOptions<State, Body>) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [state, setState] = useState<State>(initial);
  const [submitted, setSubmitted] = useState(false);
  const parsed = schema.safeParse(bodyOf(state));
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async () => {
      enqueueSnackbar(savedMessage, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey });
      onClose();
    },
  });
  const serverErrors = serverFieldErrors(mutation.error);
  const errors: Record<string, string> = submitted ? { ...fieldErrors(parsed.error), ...serverErrors } : {};
  const set = <K extends keyof State>(key: K, value: State[K]) => setState((s) => ({ ...s, [key]: value }));
  /** Value, change handler and error text of a text field bound to `key`. */
  const field = <K extends TextKey<State>>(key: K) => ({
    value: state[key] as string,
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as State[K]),
    error: Boolean(errors[key]),
    helperText: errors[key],
  });
  const submit = () => {
    setSubmitted(true);
    if (parsed.success) mutation.mutate(bodyOf(state));
  };
  // A refusal the server tied to fields shows beside them instead.
  const refusal = mutation.isError && !Object.keys(serverErrors).length ? refusalText(mutation.error) : null;
  return { state, setState, set, field, errors, submit, busy: mutation.isPending, refusal };
}
