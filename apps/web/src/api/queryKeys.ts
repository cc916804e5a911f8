/**
 * Every TanStack Query key, in one place, so invalidation cannot miss a spelling. A key that starts another
 * (`queryKeys.cases.all` starts every case key) invalidates all of them. Lists take their page, size and
 * filters as one object, exactly as the list's fetch function takes them.
 */
export const queryKeys = {
  appConfig: ['app-config'] as const,
  /** Sign-in and link pages (checked once per link). */
  tokenSignIn: (token: string) => ['token-sign-in', token] as const,
  adminLink: (email: string, token: string) => ['link', 'admin', email, token] as const,
  passwordLink: (token: string) => ['link', 'password', token] as const,

  user: (userId: number) => ['user', userId] as const,
  userDetail: (userId: number) => ['user', userId, 'detail'] as const,
  profile: (userId: number) => ['user', userId, 'profile'] as const,
  permissionMonitoring: (userId: number) => ['user', userId, 'permission-monitoring'] as const,
  notifications: (userId: number) => ['notifications', userId] as const,
  mfaAll: ['mfa'] as const,
  mfaMonitoring: ['mfa', 'monitoring'] as const,
  mfaPolicy: (organisationId: number | null) => ['mfa', 'policy', organisationId] as const,

  outbox: (pageNo: number, limits: number, search: string) => ['admin', 'outbox', pageNo, limits, search] as const,
  outboxAll: ['admin', 'outbox'] as const,
  /** Organisation names for pickers (super user). */
  organisations: ['admin', 'organisations'] as const,
  organisationOptions: ['admin', 'organisations', 'options'] as const,
  installationSettings: ['admin', 'settings'] as const,
  deliveryStatus: ['admin', 'delivery-status'] as const,
  auditLog: (pageNo: number, limits: number, search: string) => ['admin', 'audit-log', pageNo, limits, search] as const,
  lockedAccountsAll: ['locked-accounts'] as const,
  lockedAccounts: (pageNo: number, limits: number, search: string) =>
    ['locked-accounts', pageNo, limits, search] as const,

  organisationsAll: ['organisations'] as const,
  organisationList: (pageNo: number, limits: number, search: string) =>
    ['organisations', 'list', pageNo, limits, search] as const,
  organisationHistory: (id: number) => ['organisations', id, 'history'] as const,
  managedUsersAll: ['managed-users'] as const,
  managedUsers: (pageNo: number, limits: number, search: string) =>
    ['managed-users', 'list', pageNo, limits, search] as const,
  managedUserHistory: (id: number) => ['managed-users', id, 'history'] as const,
  /** What a history dialog asks for while it is closed (the query is disabled then). */
  closedHistory: ['history', 'closed'] as const,
  planDetails: (withDurations: boolean) => ['plans', 'details', withDurations] as const,
  userPlans: (pageNo: number, limits: number, search: string) =>
    ['plans', 'organisations', pageNo, limits, search] as const,
  planHistory: (organisationId: number) => ['plans', 'history', organisationId] as const,
  userLimit: ['plans', 'user-limit'] as const,

  cases: {
    all: ['cases'] as const,
    list: (p: object) => ['cases', 'list', p] as const,
    detail: (id: number) => ['cases', id] as const,
    statusHistory: (id: number) => ['cases', id, 'status-history'] as const,
    documents: (id: number, pageNo: number, limits: number, text: string) =>
      ['cases', id, 'documents', pageNo, limits, text] as const,
    caseDocuments: (id: number) => ['cases', id, 'documents'] as const,
    savedSearches: (id: number, pageNo: number, limits: number) =>
      ['cases', id, 'saved-searches', pageNo, limits] as const,
    caseSavedSearches: (id: number) => ['cases', id, 'saved-searches'] as const,
    users: ['cases', 'users'] as const,
    solrDocument: (id: number) => ['documents', id, 'solr'] as const,
  },

  caseRecords: {
    emails: (caseId: number) => ['case-records', 'emails', caseId] as const,
    emailList: (caseId: number, deleted: boolean, pageNo: number, limits: number) =>
      ['case-records', 'emails', caseId, deleted, pageNo, limits] as const,
    email: (emailId: number | null) => ['case-records', 'email', emailId] as const,
    questions: ['case-records', 'questions'] as const,
    questionList: (pageNo: number, limits: number, search: string) =>
      ['case-records', 'questions', pageNo, limits, search] as const,
    question: (id: number) => ['case-records', 'questions', 'one', id] as const,
    reports: (caseId: number) => ['case-records', 'reports', caseId] as const,
    reportList: (caseId: number, pageNo: number, limits: number) =>
      ['case-records', 'reports', caseId, pageNo, limits] as const,
    report: (id: number) => ['case-records', 'report', id] as const,
    alerts: ['case-records', 'alerts'] as const,
    alertList: (p: object) => ['case-records', 'alerts', p] as const,
    /** Not under `alerts`: saving an alert must not reopen the once-per-session modal. */
    dueAlerts: ['case-records', 'due-alerts'] as const,
    history: (caseId: number, pageNo: number, limits: number) =>
      ['case-records', 'history', caseId, pageNo, limits] as const,
    dashboard: ['case-records', 'dashboard'] as const,
    caseOptions: ['case-records', 'case-options'] as const,
    caseDocuments: (caseId: number) => ['case-records', 'case-documents', caseId] as const,
  },

  questionnaires: {
    all: ['questionnaires'] as const,
    list: (pageNo: number, limits: number, search: string) =>
      ['questionnaires', 'list', pageNo, limits, search] as const,
    form: (id: number) => ['questionnaires', 'form', id] as const,
    categories: ['questionnaires', 'categories'] as const,
    categoryQuestions: (id: number) => ['questionnaires', 'categories', id, 'questions'] as const,
    documentTypes: ['questionnaires', 'document-types'] as const,
  },

  templates: {
    all: ['templates'] as const,
    list: (p: object) => ['templates', 'list', p] as const,
    detail: (id: number) => ['templates', 'detail', id] as const,
    assignment: (id: number) => ['templates', 'assignment', id] as const,
    query: (id: number) => ['templates', 'query', id] as const,
    execution: (id: number) => ['templates', 'execution', id] as const,
    history: (id: number, p: object) => ['templates', 'history', id, p] as const,
    userHistory: (userId: number, p: object) => ['templates', 'user-history', userId, p] as const,
    historyUsers: (p: object) => ['templates', 'history-users', p] as const,
    cases: (search: string) => ['templates', 'cases', search] as const,
    packages: (p: object) => ['templates', 'packages', p] as const,
    exportCategories: ['templates', 'export-categories'] as const,
  },
  analyser: {
    all: ['analyser'] as const,
    content: (p: object) => ['analyser', 'content', p] as const,
    listOptions: (organisationId: number | null) => ['analyser', 'list-options', organisationId] as const,
    list: (id: number) => ['analyser', 'list', id] as const,
    head: (id: number) => ['analyser', 'head', id] as const,
    versions: (id: number) => ['analyser', 'versions', id] as const,
    organisations: ['analyser', 'organisations'] as const,
    ownOrganisation: ['analyser', 'own-organisation'] as const,
    users: (organisationIds: readonly number[]) => ['analyser', 'users', organisationIds] as const,
    documents: (organisationIds: readonly number[]) => ['analyser', 'documents', organisationIds] as const,
    documentsAll: ['analyser', 'documents'] as const,
    clauses: (headId: number) => ['analyser', 'head', headId, 'clauses'] as const,
    scopes: (headId: number) => ['analyser', 'head', headId, 'scopes'] as const,
    rules: (headId: number) => ['analyser', 'head', headId, 'rules'] as const,
    amendments: (headId: number) => ['analyser', 'head', headId, 'amendments'] as const,
    feedbackCounts: (headId: number) => ['analyser', 'head', headId, 'feedback-counts'] as const,
    feedback: (headId: number, pageNo: number, limits: number) =>
      ['analyser', 'head', headId, 'feedback', pageNo, limits] as const,
    feedbackAll: (headId: number) => ['analyser', 'head', headId, 'feedback'] as const,
    compareCases: (search: string) => ['analyser', 'compare', 'cases', search] as const,
    compareDocuments: (caseId: number) => ['analyser', 'compare', 'documents', caseId] as const,
  },

  playbooks: {
    all: ['playbooks'] as const,
    list: (p: object) => ['playbooks', 'list', p] as const,
    detail: (id: number) => ['playbooks', 'detail', id] as const,
    positions: (conceptId: number) => ['playbooks', 'positions', conceptId] as const,
    preview: (id: number, version: number | null) => ['playbooks', 'preview', id, version] as const,
    categories: ['playbooks', 'categories'] as const,
    attachments: (id: number) => ['playbooks', 'attachments', id] as const,
    terms: (p: object) => ['playbooks', 'terms', p] as const,
    assignment: (id: number) => ['playbooks', 'assignment', id] as const,
    organisations: ['playbooks', 'organisations'] as const,
    users: (organisationIds: readonly number[]) => ['playbooks', 'users', organisationIds] as const,
    /** Under `all`: a deleted or newly published playbook refreshes the cases' pins too. */
    casePins: (caseId: number) => ['playbooks', 'case', caseId] as const,
  },
  tasks: {
    all: ['tasks'] as const,
    list: (p: object) => ['tasks', 'list', p] as const,
    detail: (id: number) => ['tasks', 'detail', id] as const,
    /** Time entries, the activity and the dashboards sit under `time` so a timer change refreshes them together. */
    time: ['tasks', 'time'] as const,
    entries: (p: object) => ['tasks', 'time', 'entries', p] as const,
    activity: (p: object) => ['tasks', 'time', 'activity', p] as const,
    organisationDashboard: (weeks: number) => ['tasks', 'time', 'dashboard', 'organisation', weeks] as const,
    myDashboard: ['tasks', 'time', 'dashboard', 'me'] as const,
    assignees: ['tasks', 'assignees'] as const,
    cases: (search: string) => ['tasks', 'cases', search] as const,
    settings: ['tasks', 'settings'] as const,
  },
  invoices: {
    all: ['invoices'] as const,
    summary: ['invoices', 'summary'] as const,
    list: (p: object) => ['invoices', 'list', p] as const,
    detail: (id: number) => ['invoices', 'detail', id] as const,
    /** Accounts, their expenses and their unbilled work sit under `accounts`: a saved invoice refreshes them. */
    accounts: ['invoices', 'accounts'] as const,
    accountList: (p: object) => ['invoices', 'accounts', 'list', p] as const,
    account: (id: number) => ['invoices', 'accounts', 'one', id] as const,
    unbilled: (accountId: number, caseId: number | null) =>
      ['invoices', 'accounts', 'unbilled', accountId, caseId] as const,
    expenses: (p: object) => ['invoices', 'accounts', 'expenses', p] as const,
    settings: ['invoices', 'settings'] as const,
    cases: (search: string) => ['invoices', 'cases', search] as const,
  },
  /** The caller's running timer (GET task/ongoing-timer/, polled every 10 s): apart from `tasks` on purpose. */
  taskTimer: (userId: number) => ['task-timer', userId] as const,
};
