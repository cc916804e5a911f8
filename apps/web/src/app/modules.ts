import type { ElementType } from 'react';
import { accountsModule } from '../features/accounts/index.ts';
import { adminModule } from '../features/admin/index.ts';
import { analyserModule } from '../features/analyser/index.ts';
import { caseRecordsModule } from '../features/case-records/index.ts';
import { casesModule } from '../features/cases/index.ts';
import { invoicesModule } from '../features/invoices/index.ts';
import { knowledgeModule } from '../features/knowledge/index.ts';
import { organisationsModule } from '../features/organisations/index.ts';
import { playbooksModule } from '../features/playbooks/index.ts';
import { questionnairesModule } from '../features/questionnaires/index.ts';
import { registrationModule } from '../features/registration/index.ts';
import { setupModule } from '../features/setup/index.ts';
import { systemModule } from '../features/system/index.ts';
import { tasksModule } from '../features/tasks/index.ts';
import { templatesModule } from '../features/templates/index.ts';
import { usersModule } from '../features/users/index.ts';
import type { CaseTab, PublicRoute, ShellOverlay, ShellRoute, TopBarItem, WebModule } from './webModule.ts';

/**
 * Every feature module of the web, one line each; a new module adds its line here and nothing else in `app/`.
 * The order is the order of the case tabs (cases first, then case records).
 */
export const WEB_MODULES: readonly WebModule[] = [
  systemModule,
  setupModule,
  accountsModule,
  registrationModule,
  usersModule,
  adminModule,
  organisationsModule,
  casesModule,
  caseRecordsModule,
  questionnairesModule,
  templatesModule,
  analyserModule,
  playbooksModule,
  tasksModule,
  invoicesModule,
  knowledgeModule,
];

/** The authenticated pages that exist; the guards, the landing rules and the menu read this one list. */
export const SHELL_ROUTES: readonly ShellRoute[] = WEB_MODULES.flatMap((module) => module.routes ?? []);

/** The pages outside the shell. */
export const PUBLIC_ROUTES: readonly PublicRoute[] = WEB_MODULES.flatMap((module) => module.publicRoutes ?? []);

/** The case page's tabs, in order. */
export const CASE_TABS: readonly CaseTab[] = WEB_MODULES.flatMap((module) => module.caseTabs ?? []);

/** Side-menu icons by menu key. */
export const MENU_ICONS: Readonly<Record<string, ElementType>> = Object.assign(
  {},
  ...WEB_MODULES.map((module) => module.menuIcons ?? {}),
);

/** The modals the shell shows over every page. */
export const SHELL_OVERLAYS: readonly ShellOverlay[] = WEB_MODULES.flatMap((module) => module.shellOverlays ?? []);

/** The modules' controls of the top bar, in list order. */
export const TOP_BAR_ITEMS: readonly TopBarItem[] = WEB_MODULES.flatMap((module) => module.topBarItems ?? []);
