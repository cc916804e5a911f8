import {
  PLAYBOOK_LIMITS as L,
  playbookCategoryBody,
  playbookMessages as M,
  type PlaybookCategory,
} from '@lexdesk/contract';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { createCategory, fetchCategories } from './api.ts';

/** A category to choose, or the pseudo option that adds what was typed as a new one. */
type Option = PlaybookCategory & { adding?: string };
const filter = createFilterOptions<Option>();

interface CategoryFieldProps {
  /** The organisation's categories. */
  options: readonly PlaybookCategory[];
  loading: boolean;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}

/** The playbook's categories: several from the organisation's list, or a new one added inline ("Add …"). */
export function CategoryField({ options, loading, value, onChange, error }: CategoryFieldProps) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [input, setInput] = useState('');
  const add = useMutation({
    mutationFn: async (name: string) => {
      const saved = await createCategory(name);
      // An answer without the category: find it by name in the refreshed list.
      const category =
        saved.category ?? (await fetchCategories()).data.find((c) => c.name.toLowerCase() === name.toLowerCase());
      return { detail: saved.detail, category };
    },
    onSuccess: async ({ detail, category }) => {
      enqueueSnackbar(detail || M.categoryAdded, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.playbooks.categories });
      if (category && !value.includes(category.id)) onChange([...value, category.id]);
    },
    onError: (failure) => enqueueSnackbar(refusalText(failure), { variant: 'error' }),
  });
  // One array per change of the choice: MUI resets the typed text whenever `value` is a new array, so a fresh
  // filter on every render emptied the field at each key and no new category could be typed.
  const chosen = useMemo(() => options.filter((category) => value.includes(category.id)), [options, value]);
  return (
    <Autocomplete<Option, true, false, false>
      multiple
      disableCloseOnSelect
      options={options as Option[]}
      value={chosen}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      autoHighlight
      loading={loading || add.isPending}
      getOptionLabel={(option) => (option.adding !== undefined ? `Add “${option.adding}”` : option.name)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(all, state) => {
        const shown = filter(all, state);
        const typed = state.inputValue.trim();
        const exists = all.some((option) => option.name.toLowerCase() === typed.toLowerCase());
        if (typed && !exists && playbookCategoryBody.safeParse({ name: typed }).success) {
          shown.push({ id: -1, name: typed, adding: typed });
        }
        return shown;
      }}
      onChange={(_event, next) => {
        const adding = next.find((option) => option.adding !== undefined);
        if (adding?.adding) add.mutate(adding.adding);
        onChange(next.filter((option) => option.adding === undefined).map((option) => option.id));
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Categories"
          error={Boolean(error)}
          helperText={error ?? 'Choose from your categories, or type a new name to add it'}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: L.categoryName } }}
        />
      )}
    />
  );
}
