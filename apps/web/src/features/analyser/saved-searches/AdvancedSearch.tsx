import { reviewMessages as RM, type SavedSearchAdvancedInput } from '@lexdesk/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { refusalText } from '../../../api/client.ts';
import { fetchAdvanceOptions } from './api.ts';

const EMPTY = { conceptlist: '', case_title: '', document_name: '' };

/** The Advance drop-down (spec 03 §2.4): concept list, case and document names with suggestions; Search / Reset. */
export function AdvancedSearch({
  onSearch,
  onReset,
}: {
  onSearch: (advanced: SavedSearchAdvancedInput) => void;
  onReset: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [fields, setFields] = useState(EMPTY);
  const options = useQuery({
    queryKey: ['analyser', 'saved-search-options'],
    queryFn: ({ signal }) => fetchAdvanceOptions(signal),
  });
  // spec 03 §8: a refused load shows the server's error, otherwise 'Something went wrong'.
  useEffect(() => {
    if (options.error) enqueueSnackbar(refusalText(options.error) || RM.somethingWrong, { variant: 'error' });
  }, [options.error, enqueueSnackbar]);
  const unique = (names: string[]) => [...new Set(names.filter(Boolean))];
  const suggestions = {
    conceptlist: unique((options.data?.concept_lists ?? []).map((o) => o.concept_list__concept_name)),
    case_title: unique((options.data?.cases ?? []).map((o) => o.case_id__title)),
    document_name: unique((options.data?.documents ?? []).map((o) => o.name)),
  };
  const field = (key: keyof typeof EMPTY, label: string) => (
    <Autocomplete
      freeSolo
      options={suggestions[key]}
      inputValue={fields[key]}
      onInputChange={(_, value) => setFields((f) => ({ ...f, [key]: value }))}
      renderInput={(params) => <TextField {...params} size="small" label={label} />}
    />
  );
  const search = () => {
    const trimmed = {
      conceptlist: fields.conceptlist.trim(),
      case_title: fields.case_title.trim(),
      document_name: fields.document_name.trim(),
    };
    if (!trimmed.conceptlist && !trimmed.case_title && !trimmed.document_name)
      enqueueSnackbar(RM.searchFieldsEmpty, { variant: 'error' });
    else onSearch(trimmed);
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Advanced search"
      sx={{
        p: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {field('conceptlist', 'Concept list name')}
      {field('case_title', 'Case name')}
      {field('document_name', 'Document name')}
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button
          onClick={() => {
            setFields(EMPTY);
            onReset();
          }}
        >
          Reset
        </Button>
        <Button variant="contained" onClick={search}>
          Search
        </Button>
      </Box>
    </Paper>
  );
}
