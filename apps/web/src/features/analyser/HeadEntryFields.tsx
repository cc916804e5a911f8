import { ANALYSER_LIMITS, conceptMessages as M } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LazyRichTextEditor } from '../../ui/LazyRichTextEditor.tsx';
import { useConceptToasts } from './useConceptToasts.ts';

export interface EntryFields {
  head: string;
  definition: string;
  terms: string;
  phrases: string[];
}

interface HeadEntryFieldsProps {
  fields: EntryFields;
  onChange: (fields: EntryFields) => void;
  onDraft: () => void;
  draftLabel: string;
}

/** Concept text, its description (rich text), terms and the phrase list, then Add to Draft (spec 03 §2.1, §4). */
export function HeadEntryFields({ fields, onChange, onDraft, draftLabel }: HeadEntryFieldsProps) {
  const toasts = useConceptToasts();
  const [phrase, setPhrase] = useState('');
  const addPhrase = () => {
    const text = phrase.trim().replace(/\s+/g, ' ');
    if (text === '') return toasts.problem(M.phraseRequired);
    if (!fields.phrases.includes(text)) onChange({ ...fields, phrases: [...fields.phrases, text] });
    setPhrase('');
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Concept head"
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2 }}
    >
      <Typography variant="h2">Concept head</Typography>
      <TextField
        label="Concept"
        value={fields.head}
        onChange={(event) => onChange({ ...fields, head: event.target.value })}
        slotProps={{ htmlInput: { maxLength: ANALYSER_LIMITS.head } }}
      />
      <Box>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
          Description
        </Typography>
        <LazyRichTextEditor
          label="Concept description"
          value={fields.definition}
          onChange={(html) => onChange({ ...fields, definition: html })}
          minHeight={100}
        />
      </Box>
      <TextField
        label="Terms"
        helperText="Single words, separated by spaces"
        value={fields.terms}
        onChange={(event) => onChange({ ...fields, terms: event.target.value })}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label="Phrase"
          fullWidth
          value={phrase}
          onChange={(event) => setPhrase(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            addPhrase();
          }}
        />
        <IconButton aria-label="Add phrase" onClick={addPhrase} sx={{ mt: 0.5 }}>
          <AddIcon />
        </IconButton>
      </Box>
      {fields.phrases.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label="Phrases" role="list">
          {fields.phrases.map((item) => (
            <Chip
              key={item}
              role="listitem"
              label={item}
              onDelete={() => onChange({ ...fields, phrases: fields.phrases.filter((p) => p !== item) })}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={onDraft}>
          {draftLabel}
        </Button>
      </Box>
    </Paper>
  );
}
