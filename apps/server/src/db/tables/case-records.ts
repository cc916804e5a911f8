import type { Generated } from 'kysely';
import type { Flag } from '../database.types.ts';

/** Tables of migration 0005_case_records. Same conventions as database.types.ts (0/1 flags, ISO text timestamps). */
export interface CaseRecordTables {
  case_emails: CaseEmailsTable;
  case_email_attachments: CaseEmailAttachmentsTable;
  report_questions: ReportQuestionsTable;
  case_reports: CaseReportsTable;
  case_report_answers: CaseReportAnswersTable;
  case_alerts: CaseAlertsTable;
  case_alert_documents: CaseAlertDocumentsTable;
  case_alert_comments: CaseAlertCommentsTable;
}

export interface CaseEmailsTable {
  id: Generated<number>;
  organisation_id: number;
  case_id: number;
  subject: string;
  from_address: string;
  to_addresses: string;
  cc_addresses: string;
  sent_at: string | null;
  message_id: string | null;
  body_text: string;
  file_name: string;
  format: 'eml' | 'msg';
  size_bytes: number;
  storage_key: string;
  /** Set while the email is in the recycle bin. */
  deleted_at: string | null;
  deleted_by_id: number | null;
  created_by_id: number | null;
  created_at: string;
}

export interface CaseEmailAttachmentsTable {
  id: Generated<number>;
  organisation_id: number;
  email_id: number;
  /** The case document made from the attachment; null once that document is deleted. */
  document_id: number | null;
  file_name: string;
  content_type: string;
  size_bytes: number;
  /** Why no document was made (a type the document store refuses), else null. */
  note: string | null;
}

export interface ReportQuestionsTable {
  id: Generated<number>;
  organisation_id: number;
  question: string;
  answer_type: string;
  created_by_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface CaseReportsTable {
  id: Generated<number>;
  organisation_id: number;
  case_id: number;
  created_by_id: number | null;
  created_at: string;
}

export interface CaseReportAnswersTable {
  id: Generated<number>;
  organisation_id: number;
  report_id: number;
  question_id: number | null;
  question: string;
  answer_type: string;
  answer: string;
  position: number;
}

export interface CaseAlertsTable {
  id: Generated<number>;
  organisation_id: number;
  case_id: number;
  alert_type: string;
  /** YYYY-MM-DD. */
  due_date: string;
  is_done: Flag;
  created_by_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface CaseAlertDocumentsTable {
  organisation_id: number;
  alert_id: number;
  document_id: number;
}

export interface CaseAlertCommentsTable {
  id: Generated<number>;
  organisation_id: number;
  alert_id: number;
  text: string;
  created_by_id: number | null;
  created_at: string;
}
