/** Limits of the case records (our decisions, docs/case-records.md). */
export const EMAIL_IMPORT_MAX_MB = 50;
export const EMAIL_ATTACHMENTS_MAX = 50;
export const REPORT_QUESTION_MAX = 500;
export const REPORT_ANSWER_MAX = 5000;
export const REPORT_QUESTIONS_MAX = 200;
export const ALERT_COMMENT_MAX = 2000;
export const ALERT_DOCUMENTS_MAX = 50;
export const DASHBOARD_RECENT_DOCUMENTS = 8;
export const DASHBOARD_DUE_ALERTS = 10;
export const DASHBOARD_UPCOMING_DAYS = 14;
