import type { PlaybookContent, PlaybookEntry } from '@lexdesk/contract';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RichTextView } from '../../ui/RichTextView.tsx';
import { IMPORTANCE } from './importance.ts';

interface PlaybookDocumentProps {
  content: PlaybookContent;
  /** Downloads an attachment (the draft's attachments; a version's may have been deleted since). */
  onAttachment?: (attachment: { id: number; file_name: string }) => void;
}

/** A playbook's content as one read-only document: the view and the preview of a draft or a version. */
export function PlaybookDocument({ content, onAttachment }: PlaybookDocumentProps) {
  const categoryName = new Map(content.categories.map((category) => [category.id, category.name]));
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={`Playbook ${content.name}`}
      sx={{ p: { xs: 2, sm: 4 }, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Box>
        <Typography variant="h2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {content.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {content.playbook_type}
        </Typography>
      </Box>
      {content.description && <Typography sx={{ whiteSpace: 'pre-line' }}>{content.description}</Typography>}
      {content.categories.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label="Categories">
          {content.categories.map((category) => (
            <Chip key={category.id} size="small" label={category.name} variant="outlined" />
          ))}
        </Box>
      )}
      <Divider />
      {content.entries.length === 0 ? (
        <Typography color="text.secondary">This playbook has no entries yet.</Typography>
      ) : (
        content.entries.map((entry, index) => (
          <EntrySection
            key={entry.id}
            entry={entry}
            number={index + 1}
            category={entry.category_id !== null ? categoryName.get(entry.category_id) : undefined}
          />
        ))
      )}
      {content.attachments.length > 0 && (
        <Box component="section" aria-label="Attachments">
          <Divider sx={{ mb: 2 }} />
          <Typography variant="h3" component="h3" gutterBottom>
            Attachments
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
            {content.attachments.map((attachment) => (
              <Box component="li" key={attachment.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <AttachFileIcon fontSize="small" color="action" aria-hidden />
                {onAttachment ? (
                  <Link component="button" type="button" onClick={() => onAttachment(attachment)}>
                    {attachment.file_name}
                  </Link>
                ) : (
                  <Typography variant="body2">{attachment.file_name}</Typography>
                )}
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}

/** One entry as the document shows it (also next to a concept head's hits in Review). */
export function EntrySection({
  entry,
  number,
  category,
}: {
  entry: PlaybookEntry;
  number?: number;
  category?: string;
}) {
  const importance = IMPORTANCE[entry.importance];
  return (
    <Box component="section" aria-label={entry.topic} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h3" sx={{ overflowWrap: 'anywhere', mr: 'auto' }}>
          {number === undefined ? entry.topic : `${number}. ${entry.topic}`}
        </Typography>
        {category && <Chip size="small" variant="outlined" label={category} />}
        <Chip size="small" color={importance.color} label={`${importance.label} importance`} />
      </Box>
      <Part title="Standard position">
        {entry.standard_position ? <RichTextView html={entry.standard_position} /> : <None />}
      </Part>
      {entry.fallbacks.length > 0 && (
        <Part title="Fallback positions">
          <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
            {entry.fallbacks.map((fallback, index) => (
              <li key={index}>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {fallback.position}
                </Typography>
                {fallback.guidance && (
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                    Guidance: {fallback.guidance}
                  </Typography>
                )}
                {fallback.approver && (
                  <Typography variant="body2" color="text.secondary">
                    Approver: {fallback.approver}
                  </Typography>
                )}
              </li>
            ))}
          </Box>
        </Part>
      )}
      {entry.unacceptable.length > 0 && (
        <Part title="Unacceptable positions">
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {entry.unacceptable.map((text, index) => (
              <li key={index}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {text}
                </Typography>
              </li>
            ))}
          </Box>
        </Part>
      )}
      {entry.model_language && (
        <Part title="Model language">
          <Box sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 2, bgcolor: 'action.hover', borderRadius: 0.5 }}>
            <RichTextView html={entry.model_language} />
          </Box>
        </Part>
      )}
    </Box>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h4" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const None = () => (
  <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
    Not written yet
  </Typography>
);
