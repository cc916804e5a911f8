import { TEMPLATE_LIMITS, templateFields, templateMessages as M, type TemplateDetail } from '@lexdesk/contract';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { FileChooserButton } from '../../ui/FileChooserButton.tsx';
import { uploadTemplate } from './api.ts';

/** 'Upload template': name, description and the .docx precedent, with upload progress. */
export function TemplateUploadDialog({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: (template: TemplateDetail, detail: string) => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    const parsed = templateFields.safeParse({ name, description });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? M.nameRequired);
    if (!file) return setProblem(M.fileRequired);
    if (file.size > TEMPLATE_LIMITS.fileBytes) return setProblem(M.fileTooLarge);
    setProblem(null);
    setProgress(0);
    try {
      const saved = await uploadTemplate(parsed.data, file, setProgress);
      onSaved(saved.template, saved.detail);
    } catch (error) {
      setProblem(refusalText(error));
      setProgress(null);
    }
  };

  return (
    <FormDialog
      title="Upload template"
      submitLabel="Upload"
      save={{ busy: progress !== null, refusal: problem, submit: () => void submit() }}
      onClose={onClose}
      columns={1}
    >
      <TextField label="Template name" value={name} onChange={(e) => setName(e.target.value)} required autoFocus />
      <TextField
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        multiline
        minRows={2}
      />
      <FileChooserButton
        ariaLabel="Word document"
        accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        onChoose={setFile}
      >
        {file ? `Document: ${file.name}` : 'Choose Word document (.docx)'}
      </FileChooserButton>
      <Typography variant="body2" color="text.secondary">
        Write placeholders as {'{{ tag }}'} in the document; each tag is filled from the answers of the questions that
        carry it.
      </Typography>
      {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />}
    </FormDialog>
  );
}
