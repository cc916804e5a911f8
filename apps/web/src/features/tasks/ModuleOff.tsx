import Alert from '@mui/material/Alert';
import { ListPage } from '../../ui/ListPage.tsx';

/** A task page opened without the Task Management module (the menu hides it; a typed address lands here). */
export function ModuleOff({ title }: { title: string }) {
  return (
    <ListPage title={title}>
      <Alert severity="info">The Task Management module is not enabled for your account.</Alert>
    </ListPage>
  );
}
