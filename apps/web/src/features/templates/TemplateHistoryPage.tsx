import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { ListPage } from '../../ui/ListPage.tsx';
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
    <ListPage
      title={`History${template.data ? `: ${template.data.name}` : ''}`}
      back={
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to="/document-template">
          Templates
        </Button>
      }
    >
      <ExecutionHistoryTable
        queryKey={(p) => queryKeys.templates.history(id, p)}
        fetchPage={(p, signal) => fetchTemplateHistory(id, p, signal)}
        showTemplate={false}
      />
    </ListPage>
  );
}
