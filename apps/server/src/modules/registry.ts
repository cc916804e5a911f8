import type { LexdeskModule } from '../platform/modules/module.ts';
import { platformData } from '../platform/modules/platform-data.ts';
import { analyserModule } from './analyser/index.ts';
import { accountsModule } from './accounts/index.ts';
import { adminModule } from './admin/index.ts';
import { appConfigModule } from './app-config/index.ts';
import { caseAlertsModule } from './case-alerts/index.ts';
import { caseEmailsModule } from './case-emails/index.ts';
import { caseRecordsModule } from './case-records/index.ts';
import { caseReportsModule } from './case-reports/index.ts';
import { casesModule } from './cases/index.ts';
import { dashboardModule } from './dashboard/index.ts';
import { documentsModule } from './documents/index.ts';
import { executionsModule } from './executions/index.ts';
import { invoicesModule } from './invoices/index.ts';
import { knowledgeModule } from './knowledge/index.ts';
import { mfaModule } from './mfa/index.ts';
import { notificationsModule } from './notifications/index.ts';
import { organisationsModule } from './organisations/index.ts';
import { plansModule } from './plans/index.ts';
import { playbooksModule } from './playbooks/index.ts';
import { questionnairesModule } from './questionnaires/index.ts';
import { registrationModule } from './registration/index.ts';
import { settingsModule } from './settings/index.ts';
import { tasksModule } from './tasks/index.ts';
import { setupModule } from './setup/index.ts';
import { templateExportsModule } from './template-exports/index.ts';
import { templatesModule } from './templates/index.ts';
import { usersModule } from './users/index.ts';

/**
 * Every module of the app, once: the app registers their routes and jobs from this list, the demo seed runs
 * their seeds in this order, deletion and the usage download ask each of them, and the route-access and
 * data-ownership tests walk it. A new module adds one line (docs/architecture.md, "Adding a module").
 */
export const MODULES: readonly LexdeskModule[] = [
  platformData,
  accountsModule,
  usersModule,
  organisationsModule,
  plansModule,
  notificationsModule,
  adminModule,
  appConfigModule,
  settingsModule,
  setupModule,
  registrationModule,
  mfaModule,
  questionnairesModule,
  templatesModule,
  executionsModule,
  templateExportsModule,
  casesModule,
  documentsModule,
  caseEmailsModule,
  caseReportsModule,
  caseAlertsModule,
  caseRecordsModule,
  dashboardModule,
  analyserModule,
  playbooksModule,
  tasksModule,
  invoicesModule,
  knowledgeModule,
];
