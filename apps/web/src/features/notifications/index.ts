// The notifications have no pages, tabs or menu entries, so no declaration in app/modules.ts: only the top bar's
// menu, which the shell mounts (importing it here from app/modules.ts would put it in the sign-in bundle).
export { NotificationsMenu } from './NotificationsMenu.tsx';
