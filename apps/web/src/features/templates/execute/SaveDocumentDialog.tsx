import { templateMessages as M, type CaseTaskResponse } from '@lexdesk/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../api/queryKeys.ts';
import { refusalText } from '../../../api/client.ts';
import { useSession } from '../../../app/session/useSession.ts';
import { FormDialog } from '../../../ui/FormDialog.tsx';
import { usePickerSearch } from '../../../ui/usePickerSearch.ts';
import { caseTask, fetchCasePicker } from '../api.ts';

interface SaveDocumentDialogProps {
  templateId: number;
  filePath: string;
  defaultName: string;
  /** After a successful save: a download (`download`), or an assignment to cases. */
  onSaved: (answer: CaseTaskResponse, download: boolean) => void;
  onClose: () => void;
}

/** 'Assign or download document': file name (.docx added), Assign To Case (Case module only), the case picker. */
export function SaveDocumentDialog({ templateId, filePath, defaultName, onSaved, onClose }: SaveDocumentDialogProps) {
  const session = useSession();
  const caseModule = session?.modules.case_permission === true;
  const [name, setName] = useState(defaultName.replace(/\.docx$/i, ''));
  const [assign, setAssign] = useState(false);
  const { search, onInputChange } = usePickerSearch();
  const [chosen, setChosen] = useState<{ id: number; name: string }[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cases = useQuery({
    queryKey: queryKeys.templates.cases(search),
    queryFn: () => fetchCasePicker(search),
    enabled: assign && caseModule,
  });

  const save = async () => {
    if (name.trim() === '') return setProblem(M.documentNameEmpty);
    if (assign && chosen.length === 0) return setProblem(M.selectCase);
    setProblem(null);
    setBusy(true);
    try {
      const answer = await caseTask(templateId, {
        name: name.trim(),
        case_id: assign ? chosen.map((c) => c.id) : [],
        file_path: filePath,
        is_download: !assign,
      });
      onSaved(answer, !assign);
    } catch (error) {
      setProblem(refusalText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title="Assign or download document"
      submitLabel="Save"
      save={{ busy, refusal: problem, submit: () => void save() }}
      onClose={onClose}
      columns={1}
    >
      <TextField
        label="File Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoFocus
        slotProps={{ input: { endAdornment: <InputAdornment position="end">.docx</InputAdornment> } }}
      />
      <FormControlLabel
        control={<Checkbox checked={assign} disabled={!caseModule} onChange={(e) => setAssign(e.target.checked)} />}
        label="Assign To Case"
      />
      <Autocomplete
        multiple
        disableCloseOnSelect
        disabled={!assign}
        options={cases.data?.data ?? []}
        value={chosen}
        loading={cases.isFetching}
        onChange={(_, value) => setChosen(value)}
        onInputChange={onInputChange}
        filterOptions={(options) => options}
        getOptionLabel={(c) => c.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => <TextField {...params} label="Select peoples" />}
      />
    </FormDialog>
  );
}
