import type { TemplateDetail } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** What is missing on either side before the template is used: tags without questions, questions without tags. */
export function TagMatchingPanel({ template }: { template: TemplateDetail }) {
  const { matched, document_only: documentOnly, question_only: questionOnly } = template.matching;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 2 }}
      component="section"
      aria-labelledby="tag-matching-title"
    >
      <Typography variant="h2" id="tag-matching-title" sx={{ fontSize: '1.15rem' }}>
        Tag matching
      </Typography>
      {template.tags.length === 0 && (
        <Alert severity="info">This document has no {'{{ tag }}'} placeholders: it is produced as it is.</Alert>
      )}
      {documentOnly.length === 0 && questionOnly.length === 0 && template.tags.length > 0 && (
        <Alert severity="success">
          Every tag of the document is answered by a question, and every question is used.
        </Alert>
      )}
      {documentOnly.length > 0 && (
        <Alert severity="warning">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Tags in the document that no question fills ({documentOnly.length}) — they stay empty:
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }} data-testid="document-only-tags">
            {documentOnly.map((tag) => (
              <Chip key={tag} size="small" label={tag} />
            ))}
          </Box>
        </Alert>
      )}
      {questionOnly.length > 0 && (
        <Alert severity="warning">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Questions whose tags the document never uses ({questionOnly.length}):
          </Typography>
          <List dense data-testid="question-only">
            {questionOnly.map((q) => (
              <ListItem key={q.question_id} disableGutters>
                <ListItemText
                  primary={q.question_text}
                  secondary={`${q.category_name ?? 'No category'} · tags: ${q.tags.join(', ')}`}
                />
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      {matched.length > 0 && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
            Matched tags ({matched.length})
          </Typography>
          <List dense data-testid="matched-tags">
            {matched.map((m) => (
              <ListItem key={m.tag} disableGutters>
                <ListItemText primary={m.tag} secondary={m.questions.map((q) => q.question_text).join(' · ')} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Paper>
  );
}
