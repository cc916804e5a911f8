import {
  caseAlert,
  caseAlertList,
  caseAlertNotifications,
  caseEmailDetail,
  caseEmailList,
  caseHistoryResponse,
  caseReportDetail,
  caseReportList,
  dashboardResponse,
  detailResponse,
  reportQuestion,
  reportQuestionList,
  type CaseAlertCreateBody,
  type CaseAlertUpdateBody,
  type ReportCreateBody,
  type ReportQuestionBody,
} from '@lexdesk/contract';
import { z } from 'zod';
import { apiRequest, apiUpload } from '../../api/client.ts';

type Signal = AbortSignal | undefined;
const page = (pageNo: number, limits: number, search = '') =>
  search ? { page_no: pageNo, limits, search_key: search } : { page_no: pageNo, limits };

// Emails
export const fetchEmails = (caseId: number, deleted: boolean, pageNo: number, limits: number, signal?: Signal) =>
  apiRequest(`case/${caseId}/emails/`, {
    query: { ...page(pageNo, limits), deleted },
    schema: caseEmailList,
    signal,
  });
export const fetchEmail = (emailId: number, signal?: Signal) =>
  apiRequest(`case/email/${emailId}/`, { schema: caseEmailDetail, signal });
export function importEmail(caseId: number, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return apiUpload(`case/${caseId}/emails/`, form, onProgress, { schema: caseEmailDetail });
}
export const moveEmailToBin = (emailId: number) =>
  apiRequest(`case/email/${emailId}/`, { method: 'DELETE', schema: detailResponse });
export const restoreEmail = (emailId: number) =>
  apiRequest(`case/email/${emailId}/restore/`, { method: 'POST', schema: caseEmailDetail });
export const deleteEmailForGood = (emailId: number) =>
  apiRequest(`case/email/${emailId}/permanent/`, { method: 'DELETE', schema: detailResponse });

// Report questions and reports
export const fetchQuestions = (pageNo: number, limits: number, search = '', signal?: Signal) =>
  apiRequest('case-report/questions/', { query: page(pageNo, limits, search), schema: reportQuestionList, signal });
export const fetchQuestion = (id: number, signal?: Signal) =>
  apiRequest(`case-report/questions/${id}/`, { schema: reportQuestion, signal });
export const createQuestion = (body: ReportQuestionBody) =>
  apiRequest('case-report/questions/', { method: 'POST', body, schema: reportQuestion });
export const updateQuestion = (id: number, body: ReportQuestionBody) =>
  apiRequest(`case-report/questions/${id}/`, { method: 'PUT', body, schema: reportQuestion });
export const deleteQuestion = (id: number) =>
  apiRequest(`case-report/questions/${id}/`, { method: 'DELETE', schema: detailResponse });
export const createReport = (body: ReportCreateBody) =>
  apiRequest('case-report/reports/', { method: 'POST', body, schema: caseReportDetail });
export const fetchReportHistory = (caseId: number, pageNo: number, limits: number, signal?: Signal) =>
  apiRequest(`report/history/${caseId}/`, { query: page(pageNo, limits), schema: caseReportList, signal });
export const fetchReport = (id: number, signal?: Signal) =>
  apiRequest(`case-report/reports/${id}/`, { schema: caseReportDetail, signal });
export const deleteReport = (id: number) =>
  apiRequest(`case-report/reports/${id}/`, { method: 'DELETE', schema: detailResponse });

// Alerts
export interface AlertListParams {
  pageNo: number;
  limits: number;
  search?: string;
  caseId?: number;
  status?: 'open' | 'due' | 'done' | 'all';
}
export const fetchAlerts = (p: AlertListParams, signal?: Signal) =>
  apiRequest('case-alerts/', {
    query: { ...page(p.pageNo, p.limits, p.search), case_id: p.caseId, status: p.status },
    schema: caseAlertList,
    signal,
  });
export const fetchDueAlerts = (signal?: Signal) =>
  apiRequest('case/alert/notifications/', { schema: caseAlertNotifications, signal });
export const createAlert = (body: CaseAlertCreateBody) =>
  apiRequest('case-alerts/', { method: 'POST', body, schema: caseAlert });
export const updateAlert = (id: number, body: CaseAlertUpdateBody) =>
  apiRequest(`case-alerts/${id}/`, { method: 'PUT', body, schema: caseAlert });
export const addAlertComment = (id: number, text: string) =>
  apiRequest(`case-alerts/${id}/comments/`, { method: 'POST', body: { text }, schema: caseAlert });
export const deleteAlert = (id: number) =>
  apiRequest(`case-alerts/${id}/`, { method: 'DELETE', schema: detailResponse });

// History and dashboard
export const fetchCaseHistory = (caseId: number, pageNo: number, limits: number, signal?: Signal) =>
  apiRequest(`case-history/history/${caseId}/`, { query: page(pageNo, limits), schema: caseHistoryResponse, signal });
export const fetchDashboard = (signal?: Signal) => apiRequest('dashboard/', { schema: dashboardResponse, signal });

/** Cases for the pickers (spec 01 §9: case dropdown is page 1, limit 100). */
const caseOption = z.object({ id: z.number(), title: z.string() });
export const fetchCaseOptions = (signal?: Signal) =>
  apiRequest('case/', {
    query: { page_no: 1, limits: 100, sort_by: 'title', sort_order: 'asc' },
    schema: z.object({ data: z.array(caseOption) }),
    signal,
  });
/** Documents of a case for the alert form's picker. */
const documentOption = z.object({ id: z.number(), name: z.string() });
export const fetchCaseDocumentOptions = (caseId: number, signal?: Signal) =>
  apiRequest(`case/${caseId}/documents/`, {
    query: { page_no: 1, limits: 200 },
    schema: z.object({ data: z.array(documentOption) }),
    signal,
  });
