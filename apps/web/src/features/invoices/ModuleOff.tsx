import Alert from '@mui/material/Alert';
import { ListPage } from '../../ui/ListPage.tsx';

/** An invoice page opened without the Invoice module (the menu hides it; a typed address lands here). */
export function ModuleOff({ title }: { title: string }) {
  return (
    <ListPage title={title}>
      <Alert severity="info">The Invoice module is not enabled for your account.</Alert>
    </ListPage>
  );
}
