import type { ShellRoute } from '../../app/routes.ts';

/** This area's authenticated pages; SHELL_ROUTES (app/routes.ts) includes them. */
export const REGISTRATION_ROUTES: readonly ShellRoute[] = [];
