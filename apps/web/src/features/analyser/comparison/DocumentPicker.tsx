import type { CaseRow, DocumentRow } from '@lexdesk/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../api/queryKeys.ts';
import { fetchCases, fetchDocuments } from '../../cases/index.ts';

export interface PickedDocument {
  caseId: number | null;
  documentId: number | null;
}

interface DocumentPickerProps {
  /** 'First document' or 'Second document': the heading and the fields' labels. */
  label: string;
  hint: string;
  value: PickedDocument;
  onChange: (value: PickedDocument) => void;
  /** The other side's document: not offered here (a document compared with itself says nothing). */
  otherDocumentId: number | null;
  caseError?: string | undefined;
  documentError?: string | undefined;
}

/** One side of the comparison: a case (first 100 by title search, as the review's case drop-down), then one of its documents. */
export function DocumentPicker({
  label,
  hint,
  value,
  onChange,
  otherDocumentId,
  caseError,
  documentError,
}: DocumentPickerProps) {
  const [caseSearch, setCaseSearch] = useState('');
  const cases = useQuery({
    queryKey: queryKeys.analyser.compareCases(caseSearch),
    queryFn: ({ signal }) =>
      fetchCases({ pageNo: 1, limits: 100, search: caseSearch, text: '', sortBy: 'title', sortOrder: 'asc' }, signal),
  });
  const documents = useQuery({
    queryKey: queryKeys.analyser.compareDocuments(value.caseId ?? 0),
    queryFn: ({ signal }) => fetchDocuments(value.caseId ?? 0, 1, 200, '', signal),
    enabled: value.caseId !== null,
  });
  const caseOptions = cases.data?.data ?? [];
  const selectedCase = caseOptions.find((c) => c.id === value.caseId) ?? null;
  const documentOptions = (documents.data?.data ?? []).filter((d) => d.id !== otherDocumentId);
  const selectedDocument = documentOptions.find((d) => d.id === value.documentId) ?? null;
  const slug = label.toLowerCase().replace(/\s+/g, '-');

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="h3" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
      <Autocomplete<CaseRow>
        id={`${slug}-case`}
        options={caseOptions}
        value={selectedCase}
        loading={cases.isFetching}
        getOptionLabel={(c) => c.title}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(options) => options}
        onInputChange={(_e, text, reason) => {
          if (reason === 'input') setCaseSearch(text);
        }}
        onChange={(_e, picked) => onChange({ caseId: picked?.id ?? null, documentId: null })}
        renderInput={(params) => (
          <TextField {...params} label={`${label}: case`} error={Boolean(caseError)} helperText={caseError} />
        )}
      />
      <Autocomplete<DocumentRow>
        id={`${slug}-document`}
        options={documentOptions}
        value={selectedDocument}
        disabled={value.caseId === null}
        loading={documents.isFetching}
        getOptionLabel={(d) => d.name}
        getOptionDisabled={(d) => d.indexing_state !== 'indexed'}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderOption={(props, d) => {
          const { key, ...rest } = props;
          return (
            <li key={key} {...rest}>
              {d.indexing_state === 'indexed' ? d.name : `${d.name} (not indexed yet)`}
            </li>
          );
        }}
        onChange={(_e, picked) => onChange({ caseId: value.caseId, documentId: picked?.id ?? null })}
        renderInput={(params) => (
          <TextField
            {...params}
            label={`${label}: document`}
            error={Boolean(documentError)}
            helperText={documentError}
          />
        )}
      />
    </Box>
  );
}
