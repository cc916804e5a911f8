import { PLAYBOOK_IMPORTANCE, PLAYBOOK_LIMITS as L, type PlaybookCategory } from '@lexdesk/contract';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { LazyRichTextEditor } from '../../ui/LazyRichTextEditor.tsx';
import { ConceptHeadsPicker } from '../analyser/index.ts';
import type { DraftEntry } from './draft.ts';
import { FallbacksEditor, UnacceptableEditor } from './EntryLists.tsx';
import { IMPORTANCE } from './importance.ts';
import { RowControls } from './RowControls.tsx';

interface EntryEditorProps {
  entry: DraftEntry;
  index: number;
  count: number;
  /** The playbook's chosen categories, which an entry's category is one of. */
  categories: readonly PlaybookCategory[];
  /** Every error of the draft, by path. */
  errors: Record<string, string>;
  expanded: boolean;
  onToggle: () => void;
  onChange: (patch: Partial<DraftEntry>) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

/**
 * One entry of the playbook: a header that opens and closes it (the editors mount only while it is open, so a
 * long playbook stays light), move and remove; inside, the topic, category, importance, the standard position and
 * model language as rich text, the fallbacks and the unacceptable positions.
 */
export function EntryEditor(props: EntryEditorProps) {
  const { entry, index, count, categories, errors, expanded, onToggle, onChange, onMove, onRemove } = props;
  const linkHeads = useRequiredSession().modules.doc_analyzer_permission;
  const bodyId = useId();
  const prefix = `entries.${index}`;
  const error = (key: string) => errors[`${prefix}.${key}`];
  const hasErrors = Object.keys(errors).some((key) => key.startsWith(`${prefix}.`));
  const title = entry.topic.trim() || 'New entry';
  const importance = IMPORTANCE[entry.importance];
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`Entry ${index + 1}: ${title}`}
      sx={{ borderColor: hasErrors ? 'error.main' : undefined, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5 }}>
        <IconButton
          size="small"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={`${expanded ? 'Close' : 'Open'} entry ${index + 1}: ${title}`}
        >
          <ExpandMoreIcon
            fontSize="small"
            sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
          />
        </IconButton>
        <Typography
          variant="body1"
          onClick={onToggle}
          sx={{ fontWeight: 600, flex: 1, minWidth: 0, cursor: 'pointer', overflowWrap: 'anywhere' }}
        >
          {index + 1}. {title}
        </Typography>
        <Chip
          size="small"
          color={importance.color}
          label={importance.label}
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        />
        <RowControls name={`entry ${index + 1}`} index={index} count={count} onMove={onMove} onRemove={onRemove} />
      </Box>
      <Collapse in={expanded} unmountOnExit>
        <Box
          id={bodyId}
          sx={{
            p: 2,
            pt: 1,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '2fr 1fr 1fr' },
          }}
        >
          <TextField
            size="small"
            label="Clause topic"
            required
            value={entry.topic}
            onChange={(event) => onChange({ topic: event.target.value })}
            error={Boolean(error('topic'))}
            helperText={error('topic')}
            slotProps={{ htmlInput: { maxLength: L.topic } }}
          />
          <TextField
            select
            size="small"
            label="Category"
            value={entry.category_id ?? ''}
            onChange={(event) =>
              onChange({ category_id: event.target.value === '' ? null : Number(event.target.value) })
            }
            error={Boolean(error('category_id'))}
            helperText={
              error('category_id') ?? (categories.length === 0 ? 'Choose the playbook’s categories first' : ' ')
            }
          >
            <MenuItem value="">None</MenuItem>
            {categories.map((category) => (
              <MenuItem key={category.id} value={category.id}>
                {category.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Importance"
            value={entry.importance}
            onChange={(event) => onChange({ importance: event.target.value as DraftEntry['importance'] })}
          >
            {PLAYBOOK_IMPORTANCE.map((level) => (
              <MenuItem key={level} value={level}>
                {IMPORTANCE[level].label}
              </MenuItem>
            ))}
          </TextField>
          <RichText
            label={`Standard position of entry ${index + 1}`}
            caption="Standard position"
            value={entry.standard_position}
            error={error('standard_position')}
            onChange={(html) => onChange({ standard_position: html })}
          />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <FallbacksEditor
              topic={entry.topic}
              fallbacks={entry.fallbacks}
              errors={errors}
              prefix={`${prefix}.fallbacks`}
              onChange={(fallbacks) => onChange({ fallbacks })}
            />
          </Box>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <UnacceptableEditor
              topic={entry.topic}
              items={entry.unacceptable}
              errors={errors}
              prefix={`${prefix}.unacceptable`}
              onChange={(unacceptable) => onChange({ unacceptable })}
            />
          </Box>
          <RichText
            label={`Model language of entry ${index + 1}`}
            caption="Model language"
            value={entry.model_language}
            error={error('model_language')}
            onChange={(html) => onChange({ model_language: html })}
          />
          {/* Linking needs the analyser's lists (its calls are refused without the module, and a 403 signs out). */}
          {linkHeads && (
            <ConceptHeadsPicker
              label={`Concept heads linked to entry ${index + 1}`}
              value={entry.concept_head_ids}
              onChange={(concept_head_ids) => onChange({ concept_head_ids })}
            />
          )}
        </Box>
      </Collapse>
    </Paper>
  );
}

function RichText(props: {
  label: string;
  caption: string;
  value: string;
  error?: string;
  onChange: (html: string) => void;
}) {
  return (
    <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {props.caption}
      </Typography>
      <LazyRichTextEditor value={props.value} onChange={props.onChange} label={props.label} minHeight={100} />
      {props.error && <FormHelperText error>{props.error}</FormHelperText>}
    </Box>
  );
}
