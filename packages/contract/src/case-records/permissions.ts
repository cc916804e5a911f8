import type { PermissionRule, Role } from '../roles.ts';

const ALL: readonly Role[] = ['super', 'admin', 'user'];
const STAFF: readonly Role[] = ['super', 'admin'];
const CASE = 'case_permission' as const;

/**
 * Permissions of the case records (spec 01 §6): emails and their recycle bin for every role; report
 * questions and alerts are edited by super and admin; every role reads alerts, answers and reads reports,
 * and sees the dashboard and a case's history. Every rule needs the Case module.
 */
export const CASE_RECORD_PERMISSIONS = {
  'case.emails.read': { roles: ALL, module: CASE },
  'case.emails.manage': { roles: ALL, module: CASE },
  'case.reportQuestions.read': { roles: ALL, module: CASE },
  'case.reportQuestions.manage': { roles: STAFF, module: CASE },
  'case.reports.read': { roles: ALL, module: CASE },
  'case.reports.answer': { roles: ALL, module: CASE },
  'case.reports.delete': { roles: STAFF, module: CASE },
  'case.alerts.read': { roles: ALL, module: CASE },
  'case.alerts.manage': { roles: STAFF, module: CASE },
  'case.history.read': { roles: ALL, module: CASE },
  'dashboard.read': { roles: ALL, module: CASE },
} as const satisfies Record<string, PermissionRule>;
