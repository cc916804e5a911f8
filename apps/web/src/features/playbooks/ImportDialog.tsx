import { PLAYBOOK_LIMITS, playbookMessages as M, type PlaybookImported } from '@lexdesk/contract';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { FileChooserButton } from '../../ui/FileChooserButton.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { importPlaybook } from './api.ts';

/** Import a playbook package (.json from Export, docs/playbooks.md "The package") into the caller's organisation. */
export function ImportDialog({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: (saved: PlaybookImported) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => importPlaybook(chosen, setProgress),
    onSuccess: onImported,
    onError: (error) => setRefusal(refusalText(error)),
  });
  const submit = () => {
    if (!file || !/\.json$/i.test(file.name)) return setRefusal(M.invalidPackage);
    if (file.size > PLAYBOOK_LIMITS.importBytes) return setRefusal(M.invalidPackage);
    setRefusal(null);
    upload.mutate(file);
  };
  return (
    <FormDialog
      title="Import playbook"
      submitLabel="Import"
      columns={1}
      save={{ busy: upload.isPending, refusal, submit }}
      onClose={onClose}
    >
      <FileChooserButton ariaLabel="Playbook package" accept=".json,application/json" onChoose={setFile}>
        {file ? file.name : 'Choose a .json playbook package'}
      </FileChooserButton>
      <Typography variant="body2" color="text.secondary">
        A package made with Export .json, from this or another Lexdesk. Categories are matched by name or created;
        concept heads your organisation does not have are left out.
      </Typography>
      {upload.isPending && <LinearProgress variant="determinate" value={progress} aria-label="Uploading" />}
    </FormDialog>
  );
}
