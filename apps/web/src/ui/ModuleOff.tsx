import Alert from '@mui/material/Alert';
import { ListPage } from './ListPage.tsx';

/** A module's page opened without the module (the menu hides it; a typed address lands here). */
export function ModuleOff({ title, module, message }: { title: string; module: string; message?: string }) {
  return (
    <ListPage title={title}>
      <Alert severity="info">{message ?? `The ${module} module is not enabled for your account.`}</Alert>
    </ListPage>
  );
}
