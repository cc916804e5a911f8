import { COPY_TERMS_CUT, conceptMessages as M, type ConceptHead } from '@lexdesk/contract';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { useMobile } from '../../ui/useMobile.ts';
import { fetchConceptContent, fetchListDetail, fetchListOptions, fetchOrganisations } from './api.ts';
import {
  copySource,
  cutText,
  emptySelection,
  hasChoice,
  isChosen,
  toggleAll,
  toggleOne,
  withPage,
  type CopySelection,
} from './copySelection.ts';
import { DefinitionDialog } from './DefinitionDialog.tsx';
import { useConceptToasts } from './useConceptToasts.ts';

/** Heads chosen in Copy Concept; `listId` when select-all copies the whole list. */
export interface CopiedHeads {
  heads: ConceptHead[];
  listId: number | null;
}

/** Copy Concept (spec 03 §2.2, §4): heads of another list join the draft; 78 % wide. */
export function CopyConceptDialog({ onClose, onAdd }: { onClose: () => void; onAdd: (copied: CopiedHeads) => void }) {
  const superUser = useRequiredSession().role === 'super';
  const mobile = useMobile();
  const titleId = useId();
  const toasts = useConceptToasts();
  const paging = usePaging();
  const [organisation, setOrganisation] = useState<number | ''>('');
  const [listId, setListId] = useState<number | ''>('');
  const [selection, setSelection] = useState<CopySelection>(emptySelection);
  const [describing, setDescribing] = useState<ConceptHead | null>(null);
  // The heads ticked on any page, by id, so Add can hand them over after the page changed.
  const [picked, setPicked] = useState<ReadonlyMap<number, ConceptHead>>(new Map());
  const pick = (chosen: readonly ConceptHead[]) =>
    setPicked(new Map([...picked, ...chosen.map((head) => [head.concept_id, head] as const)]));
  const organisations = useQuery({
    queryKey: queryKeys.analyser.organisations,
    queryFn: fetchOrganisations,
  });
  const lists = useQuery({
    queryKey: queryKeys.analyser.listOptions(organisation === '' ? null : organisation),
    queryFn: () => fetchListOptions(organisation === '' ? undefined : organisation),
  });
  const params = { pageNo: paging.pageNo, limits: paging.limits, search: paging.search, listId: Number(listId) };
  const heads = useQuery({
    queryKey: queryKeys.analyser.content(params),
    queryFn: ({ signal }) => fetchConceptContent(params, signal),
    enabled: listId !== '',
    placeholderData: keepPreviousData,
  });
  const page = heads.data?.kind === 'heads' && listId !== '' ? heads.data : undefined;
  const pageIds = page?.data.map((head) => head.concept_id) ?? [];
  const shownSelection = withPage(selection, pageIds);
  const add = useMutation({
    mutationFn: async () => {
      const source = copySource(shownSelection, Number(listId));
      if ('listId' in source) {
        const detail = await fetchListDetail(source.listId);
        return { heads: detail?.heads ?? [], listId: source.listId };
      }
      const chosen = source.headIds.map((id) => picked.get(id)).filter((head) => head !== undefined);
      return { heads: chosen, listId: null };
    },
    onSuccess: (copied) => {
      onAdd(copied);
      onClose();
    },
    onError: (error) => toasts.failure(error),
  });

  const columns: DataTableColumn<ConceptHead>[] = [
    {
      key: 'pick',
      header: 'Select',
      width: 56,
      render: (head) => (
        <Checkbox
          size="small"
          checked={isChosen(shownSelection, head.concept_id)}
          onChange={(event) => {
            setSelection(toggleOne(shownSelection, head.concept_id, event.target.checked));
            pick([head]);
          }}
          slotProps={{ input: { 'aria-label': `Select ${head.head}` } }}
        />
      ),
    },
    { key: 'head', header: 'Concept', minWidth: 140, render: (head) => head.head },
    {
      key: 'terms',
      header: 'Terms',
      render: (head) => {
        const words = [head.terms, head.phrases].filter(Boolean).join(' | ');
        return (
          <Tooltip title={words.length > COPY_TERMS_CUT ? words : ''}>
            <span>{cutText(words, COPY_TERMS_CUT) || '—'}</span>
          </Tooltip>
        );
      },
    },
    {
      key: 'description',
      header: 'Description',
      width: 90,
      render: (head) => (
        <IconButton size="small" aria-label={`Description of ${head.head}`} onClick={() => setDescribing(head)}>
          <InfoIcon fontSize="small" />
        </IconButton>
      ),
    },
  ];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => isChosen(shownSelection, id));
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={mobile}
      maxWidth={false}
      slotProps={{ paper: { sx: mobile ? {} : { width: '78%' } } }}
    >
      <DialogTitle id={titleId}>Copy Concept</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            select
            label="Organisation"
            value={organisation}
            disabled={!superUser}
            onChange={(event) => {
              setOrganisation(event.target.value === '' ? '' : Number(event.target.value));
              setListId('');
              setSelection(emptySelection);
            }}
          >
            <MenuItem value="">
              <em>{superUser ? 'All organisations' : 'Your organisation'}</em>
            </MenuItem>
            {(organisations.data?.data ?? []).map((org) => (
              <MenuItem key={org.value} value={org.value}>
                {org.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Concept list"
            value={listId}
            onChange={(event) => {
              setListId(Number(event.target.value));
              setSelection(emptySelection);
              paging.setPageNo(1);
            }}
          >
            {(lists.data?.concept_list ?? []).map((list) => (
              <MenuItem key={list.concept_list_id} value={list.concept_list_id}>
                {list.concept_list}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <SearchField key={listId} label="Search concept heads" onSearch={paging.setSearch} />
          <FormControlLabel
            control={
              <Checkbox
                checked={allOnPage && shownSelection.all}
                indeterminate={!shownSelection.all && selection.ids.size > 0}
                disabled={pageIds.length === 0}
                onChange={(event) => {
                  setSelection(toggleAll(selection, pageIds, event.target.checked));
                  pick(page?.data ?? []);
                }}
              />
            }
            label="Select all"
          />
        </Box>
        <DataTable
          label="Concept heads to copy"
          columns={columns}
          getRowId={(head) => head.concept_id}
          {...pagedTableProps(paging, { data: page, isFetching: heads.isFetching })}
        />
      </DialogContent>
      <DialogActions>
        {!hasChoice(shownSelection) && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto', pl: 1 }}>
            {M.selectHeads}
          </Typography>
        )}
        <Button onClick={onClose}>Close</Button>
        <Button
          variant="contained"
          disabled={!hasChoice(shownSelection) || add.isPending}
          onClick={() => (hasChoice(shownSelection) ? add.mutate() : toasts.problem(M.selectHeads))}
        >
          Add
        </Button>
      </DialogActions>
      <DefinitionDialog head={describing} onClose={() => setDescribing(null)} />
    </Dialog>
  );
}
