import { PLAYBOOK_TYPES, type PlaybookTermHit, type PlaybookTermResult, type PlaybookType } from '@lexdesk/contract';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { refusalText } from '../../api/client.ts';
import { DataTable, localPage, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { useMobile } from '../../ui/useMobile.ts';
import { searchTerms } from './api.ts';
import { playbookViewPath } from './paths.ts';
import { hitId, hitSource, termProblem } from './search.ts';

type Row = PlaybookTermHit & { rowId: string };

/**
 * The term search (spec 01 §2, §5): words in the entries and the indexed attachments of the playbooks of one type,
 * each hit in context (left, the keyword highlighted, right) with its playbook and entry or attachment.
 */
export function TermSearchPanel() {
  const headingId = useId();
  const [playbookType, setPlaybookType] = useState<PlaybookType | ''>('');
  const [searchKey, setSearchKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<{ rows: Row[]; answer: PlaybookTermResult } | null>(null);
  const paging = usePaging();
  const mobile = useMobile();
  const search = useMutation({
    mutationFn: (body: { search_key: string; playbook_type: PlaybookType }) => searchTerms(body),
    onSuccess: (answer) => {
      setResult({ answer, rows: answer.data.map((hit, index) => ({ ...hit, rowId: hitId(hit, index) })) });
      paging.setPageNo(1);
    },
    onError: (error) => setProblem(refusalText(error)),
  });
  const submit = () => {
    const why = termProblem(playbookType, searchKey);
    setProblem(why);
    if (why || !playbookType) return;
    search.mutate({ search_key: searchKey.trim(), playbook_type: playbookType });
  };

  const columns: DataTableColumn<Row>[] = [
    {
      key: 'playbook',
      header: 'Playbook',
      minWidth: 140,
      render: (hit) => (
        <Box sx={{ minWidth: 0 }}>
          <Link component={RouterLink} to={playbookViewPath(hit.playbook_id)} sx={{ fontWeight: 600 }}>
            {hit.playbook_name}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {hitSource(hit)}
          </Typography>
        </Box>
      ),
    },
    // On a phone the three context columns broke words mid-letter: the hit reads as one sentence there instead.
    ...(mobile
      ? [{ key: 'context', header: 'In context', minWidth: 160, render: (hit: Row) => <InContext hit={hit} /> }]
      : [
          { key: 'left', header: 'Left', minWidth: 100, render: (hit: Row) => <Side text={hit.left} align="right" /> },
          { key: 'keyword', header: 'Term', render: (hit: Row) => <Keyword text={hit.keyword} /> },
          {
            key: 'right',
            header: 'Right',
            minWidth: 100,
            render: (hit: Row) => <Side text={hit.right} align="left" />,
          },
        ]),
  ];

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Box>
        <Typography id={headingId} variant="h2" component="h2">
          Search in playbooks
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Finds words in the entries and attachments of the playbooks of one type, each in its context.
        </Typography>
      </Box>
      <Box
        component="form"
        noValidate
        aria-label="Term search"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <TextField
          select
          size="small"
          label="Playbook type"
          value={playbookType}
          onChange={(event) => setPlaybookType(event.target.value as PlaybookType | '')}
          sx={{ width: { xs: '100%', sm: 260 } }}
        >
          <MenuItem value="">Select a type</MenuItem>
          {PLAYBOOK_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="search"
          size="small"
          label="Words to find"
          value={searchKey}
          onChange={(event) => setSearchKey(event.target.value)}
          sx={{ flex: '1 1 220px' }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={search.isPending}>
          Search
        </Button>
      </Box>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {result && (
        <>
          <Typography variant="body2" aria-live="polite">
            {result.answer.total === 1 ? '1 hit' : `${result.answer.total} hits`}
            {result.answer.truncated &&
              ` (the first ${result.rows.length} are shown: narrow the search to see the rest)`}
          </Typography>
          <DataTable
            label="Term search hits"
            columns={columns}
            getRowId={(hit) => hit.rowId}
            {...pagedTableProps(paging, { data: localPage(paging, result.rows), isFetching: search.isPending })}
          />
        </>
      )}
    </Paper>
  );
}

/** One side of the context: wraps within its column. */
function Side({ text, align }: { text: string; align: 'left' | 'right' }) {
  return (
    <Typography variant="body2" sx={{ textAlign: { xs: 'left', sm: align }, overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  );
}

/** The keyword, highlighted. */
function Keyword({ text }: { text: string }) {
  return (
    <Box component="mark" sx={{ px: 0.5, borderRadius: 0.5, bgcolor: 'warning.light', color: 'common.black' }}>
      {text}
    </Box>
  );
}

/** A hit as one sentence: left, the keyword, right. */
function InContext({ hit }: { hit: Row }) {
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
      {hit.left}
      {/[\s(]$/.test(hit.left) || !hit.left ? '' : ' '}
      <Keyword text={hit.keyword} />
      {/^[\s.,;:!?)]/.test(hit.right) || !hit.right ? '' : ' '}
      {hit.right}
    </Typography>
  );
}
