import Alert from '@mui/material/Alert';
import { ListPage } from './ListPage.tsx';

/** A module's page opened without the module (the menu hides it; a typed address lands here). */
export function ModuleOff({ title, module }: { title: string; module: string }) {
  return (
    <ListPage title={title}>
      <Alert severity="info">The {module} module is not enabled for your account.</Alert>
    </ListPage>
  );
}
