import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { fetchHeadDetails, fetchListOptions } from './api.ts';
import { useListHeads } from './useListHeads.ts';

interface Named {
  id: number;
  name: string;
}
const sameId = (a: Named, b: Named) => a.id === b.id;

/** The linked heads' names ("List / Head"); a head deleted since is shown by its number. */
function useHeadNames(ids: readonly number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  const details = useQuery({
    queryKey: [...queryKeys.analyser.all, 'head-names', sorted],
    queryFn: ({ signal }) => fetchHeadDetails(sorted, signal),
    enabled: sorted.length > 0,
    retry: false,
  });
  const names = new Map((details.data?.data ?? []).map((h) => [h.concept_id, `${h.concept_title} / ${h.head}`]));
  return (id: number) => names.get(id) ?? `Concept head ${id}`;
}

/**
 * Links concept heads to something (a playbook entry): pick a list, then heads of it; the chosen heads of
 * every list show as chips. Only for users with the Doc Analyser module (its calls are refused otherwise).
 */
export function ConceptHeadsPicker({
  value,
  onChange,
  label = 'Linked concept heads',
}: {
  value: readonly number[];
  onChange: (ids: number[]) => void;
  label?: string;
}) {
  const [list, setList] = useState<Named | null>(null);
  const lists = useQuery({ queryKey: queryKeys.analyser.listOptions(null), queryFn: () => fetchListOptions() });
  const listOptions = (lists.data?.concept_list ?? []).map((l) => ({ id: l.concept_list_id, name: l.concept_list }));
  const heads = useListHeads(list?.id ?? null);
  const headOptions = heads.heads.map((h) => ({ id: h.concept_id, name: h.head }));
  const nameOf = useHeadNames(value);
  const chosenHere = headOptions.filter((option) => value.includes(option.id));
  const elsewhere = value.filter((id) => !headOptions.some((option) => option.id === id));

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <Autocomplete
          size="small"
          options={listOptions}
          value={list}
          isOptionEqualToValue={sameId}
          getOptionLabel={(o) => o.name}
          onChange={(_, next) => setList(next)}
          renderInput={(params) => <TextField {...params} label="Concept list" />}
        />
        <Autocomplete
          size="small"
          multiple
          disableCloseOnSelect
          options={headOptions}
          value={chosenHere}
          disabled={!list}
          isOptionEqualToValue={sameId}
          getOptionLabel={(o) => o.name}
          onChange={(_, chosen) => onChange([...elsewhere, ...chosen.map((c) => c.id)])}
          renderValue={() => null}
          renderInput={(params) => <TextField {...params} label="Heads of the list" />}
        />
      </Box>
      {value.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {value.map((id) => (
            <Chip
              key={id}
              size="small"
              label={nameOf(id)}
              onDelete={() => onChange(value.filter((other) => other !== id))}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
