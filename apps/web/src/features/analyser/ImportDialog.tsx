import { ANALYSER_LIMITS, conceptMessages as M } from '@lexdesk/contract';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { FileChooserButton } from '../../ui/FileChooserButton.tsx';
import { importList } from './api.ts';
import { serverText } from './useConceptToasts.ts';

const TYPES = /\.(xlsx|csv)$/i;

/** Import a list from .xlsx or .csv (columns head, definition, terms, phrases; docs/analyser.md). */
export function ImportDialog({ onClose, onImported }: { onClose: () => void; onImported: (detail: string) => void }) {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => importList(chosen, name.trim(), setProgress),
    onSuccess: (answer) => onImported(answer.detail),
    onError: (error) => setRefusal(serverText(error, M.somethingWrong)),
  });
  const submit = () => {
    if (name.trim() === '') return setRefusal(M.nameRequired);
    if (!file || !TYPES.test(file.name)) return setRefusal(M.importType);
    if (file.size > ANALYSER_LIMITS.importBytes) return setRefusal(M.importTooLarge);
    setRefusal(null);
    upload.mutate(file);
  };
  return (
    <FormDialog
      title="Import concept list"
      submitLabel="Import"
      columns={1}
      save={{ busy: upload.isPending, refusal, submit }}
      onClose={onClose}
    >
      <TextField
        label="Concept list title"
        value={name}
        onChange={(event) => setName(event.target.value)}
        slotProps={{ htmlInput: { maxLength: ANALYSER_LIMITS.listName } }}
        autoFocus
      />
      <FileChooserButton ariaLabel="Concept list file" accept=".xlsx,.csv" onChoose={setFile}>
        {file ? file.name : 'Choose .xlsx or .csv file'}
      </FileChooserButton>
      <Typography variant="body2" color="text.secondary">
        The first row names the columns head, definition, terms and phrases; terms and phrases are separated by |.
      </Typography>
      {upload.isPending && <LinearProgress variant="determinate" value={progress} aria-label="Uploading" />}
    </FormDialog>
  );
}
