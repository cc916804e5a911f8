import { PLAYBOOK_TYPES, type PlaybookCategory } from '@lexdesk/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { EMPTY_ADVANCED, type AdvancedFields } from './search.ts';
import { useCategories } from './useCategories.ts';

/** POST playbook/advance-search/: name, type, categories and the last change's dates; Search / Reset. */
export function AdvancedSearch({
  onSearch,
  onReset,
}: {
  onSearch: (fields: AdvancedFields) => void;
  onReset: () => void;
}) {
  const [fields, setFields] = useState<AdvancedFields>(EMPTY_ADVANCED);
  const categories = useCategories();
  const options = categories.data?.data ?? [];
  const set = (patch: Partial<AdvancedFields>) => setFields((current) => ({ ...current, ...patch }));
  return (
    <Paper
      variant="outlined"
      component="form"
      aria-label="Advanced search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(fields);
      }}
      sx={{
        p: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      <TextField
        size="small"
        label="Name"
        value={fields.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      <TextField
        select
        size="small"
        label="Playbook type"
        value={fields.playbook_type}
        onChange={(event) => set({ playbook_type: event.target.value as AdvancedFields['playbook_type'] })}
      >
        <MenuItem value="">Any type</MenuItem>
        {PLAYBOOK_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete<PlaybookCategory, true>
        multiple
        disableCloseOnSelect
        size="small"
        options={options}
        value={options.filter((category) => fields.category_ids.includes(category.id))}
        getOptionLabel={(category) => category.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_event, chosen) => set({ category_ids: chosen.map((category) => category.id) })}
        loading={categories.isLoading}
        renderInput={(params) => <TextField {...params} label="Categories" />}
      />
      <TextField
        size="small"
        type="date"
        label="Changed from"
        value={fields.updated_from}
        onChange={(event) => set({ updated_from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label="Changed to"
        value={fields.updated_to}
        onChange={(event) => set({ updated_to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: fields.updated_from || undefined } }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center' }}>
        <Button
          onClick={() => {
            setFields(EMPTY_ADVANCED);
            onReset();
          }}
        >
          Reset
        </Button>
        <Button type="submit" variant="contained">
          Search
        </Button>
      </Box>
    </Paper>
  );
}
