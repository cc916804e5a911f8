import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { fetchExecutionQuery, fetchTemplateHistory } from './api.ts';
import { ExecutionHistoryTable } from './ExecutionHistoryTable.tsx';

/** /document-template/template-history/{id}: the template's executions (a user's own; staff everyone's). */
export function TemplateHistoryPage() {
  const id = Number(useParams().id);
  const template = useQuery({
    queryKey: queryKeys.templates.query(id),
    queryFn: () => fetchExecutionQuery(id),
    enabled: id > 0,
  });
  useDocumentTitle('Template history');
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to="/document-template">
          Templates
        </Button>
        <Typography variant="h1">History{template.data ? `: ${template.data.name}` : ''}</Typography>
      </Box>
      <ExecutionHistoryTable
        queryKey={(p) => queryKeys.templates.history(id, p)}
        fetchPage={(p, signal) => fetchTemplateHistory(id, p, signal)}
        showTemplate={false}
      />
    </Box>
  );
}
