import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/queryKeys.ts';
import { fetchCases, fetchDocuments } from '../../cases/index.ts';
import { fetchListOptions } from '../api.ts';
import { useListHeads } from '../useListHeads.ts';
import { SelectAllButton } from '../../../ui/SelectAllButton.tsx';

export type Named = { id: number; name: string };
export type ReviewScope = 'cases' | 'documents';

export interface ReviewSelection {
  list: Named | null;
  /** Empty: every head of the list. */
  heads: Named[];
  scope: ReviewScope;
  cases: Named[];
  /** The case whose documents the document picker offers. */
  documentCase: Named | null;
  documents: Named[];
}

export const emptySelection: ReviewSelection = {
  list: null,
  heads: [],
  scope: 'cases',
  cases: [],
  documentCase: null,
  documents: [],
};

/** The case dropdown: the first 100 cases the caller sees (spec: page 1, limit 100). */
export function useCaseOptions() {
  const params = { pageNo: 1, limits: 100, search: '', text: '', sortBy: 'title' as const, sortOrder: 'asc' as const };
  const cases = useQuery({
    queryKey: queryKeys.cases.list(params),
    queryFn: ({ signal }) => fetchCases(params, signal),
  });
  return (cases.data?.data ?? []).map((c) => ({ id: c.id, name: c.title }));
}

const sameId = (a: Named, b: Named) => a.id === b.id;

/** Choose a concept list (or some heads) and cases, or single documents of a case. */
export function ReviewForm({
  value,
  onChange,
  disabled,
}: {
  value: ReviewSelection;
  onChange: (next: ReviewSelection) => void;
  disabled: boolean;
}) {
  const lists = useQuery({ queryKey: queryKeys.analyser.listOptions(null), queryFn: () => fetchListOptions() });
  const listOptions = (lists.data?.concept_list ?? []).map((l) => ({ id: l.concept_list_id, name: l.concept_list }));
  const heads = useListHeads(value.list?.id ?? null);
  const headOptions = heads.heads.map((h) => ({ id: h.concept_id, name: h.head }));
  const caseOptions = useCaseOptions();
  const docCaseId = value.documentCase?.id ?? 0;
  const documents = useQuery({
    queryKey: ['analyser', 'review-documents', docCaseId],
    queryFn: ({ signal }) => fetchDocuments(docCaseId, 1, 200, '', signal),
    enabled: docCaseId > 0,
  });
  const documentOptions = (documents.data?.data ?? []).map((d) => ({ id: d.id, name: d.name }));
  const set = (patch: Partial<ReviewSelection>) => onChange({ ...value, ...patch });
  const picker = (label: string) => (params: object) => <TextField {...params} label={label} />;

  return (
    <Box
      component="section"
      aria-label="What to review"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <Autocomplete
        options={listOptions}
        value={value.list}
        disabled={disabled}
        isOptionEqualToValue={sameId}
        getOptionLabel={(o) => o.name}
        onChange={(_, list) => set({ list, heads: [] })}
        renderInput={picker('Concept list')}
      />
      <Autocomplete
        multiple
        disableCloseOnSelect
        options={headOptions}
        value={value.heads}
        disabled={disabled || !value.list}
        isOptionEqualToValue={sameId}
        getOptionLabel={(o) => o.name}
        onChange={(_, chosen) => set({ heads: chosen })}
        renderInput={(params) => (
          <TextField {...params} label="Concept heads" helperText="Leave empty to review every head of the list." />
        )}
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={value.scope}
        disabled={disabled}
        onChange={(_, scope: ReviewScope | null) => scope && set({ scope })}
        aria-label="Review"
        sx={{ gridColumn: '1 / -1' }}
      >
        <ToggleButton value="cases">Whole cases</ToggleButton>
        <ToggleButton value="documents">Single documents</ToggleButton>
      </ToggleButtonGroup>
      {value.scope === 'cases' ? (
        <Autocomplete
          multiple
          disableCloseOnSelect
          options={caseOptions}
          value={value.cases}
          disabled={disabled}
          isOptionEqualToValue={sameId}
          getOptionLabel={(o) => o.name}
          onChange={(_, cases) => set({ cases })}
          renderInput={picker('Cases')}
          sx={{ gridColumn: '1 / -1' }}
        />
      ) : (
        <>
          <Autocomplete
            options={caseOptions}
            value={value.documentCase}
            disabled={disabled}
            isOptionEqualToValue={sameId}
            getOptionLabel={(o) => o.name}
            onChange={(_, documentCase) => set({ documentCase })}
            renderInput={picker('Case')}
          />
          <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
            <Autocomplete
              multiple
              disableCloseOnSelect
              options={documentOptions}
              value={value.documents}
              disabled={disabled || !value.documentCase}
              loading={documents.isFetching}
              isOptionEqualToValue={sameId}
              getOptionLabel={(o) => o.name}
              onChange={(_, docs) => set({ documents: docs })}
              renderInput={picker('Documents')}
            />
            {!disabled && (
              <SelectAllButton
                options={documentOptions}
                chosen={value.documents}
                onChange={(docs) => set({ documents: docs })}
                what="documents"
              />
            )}
          </Box>
        </>
      )}
    </Box>
  );
}
