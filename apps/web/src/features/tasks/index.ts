import DashboardIcon from '@mui/icons-material/InsightsOutlined';
import TaskIcon from '@mui/icons-material/TaskAltOutlined';
import ActivityIcon from '@mui/icons-material/TimelineOutlined';
import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';
import { ORGANISATION_DASHBOARD_PATH, TASK_ACTIVITY_PATH, TASK_PATH, USER_DASHBOARD_PATH } from './paths.ts';

const STAFF = ['super', 'admin'] as const;

/**
 * The task tracker (issue 15, docs/tasks.md "Web"): tasks with their detail, time and approvals (/task), who did
 * what and the time by day and week (/task-activity), the two dashboards, and the top bar's timer drop-down with
 * the idle question.
 */
export const tasksModule = defineWebModule({
  name: 'tasks',
  routes: [
    { path: TASK_PATH, Page: lazy(() => import('./TaskListPage.tsx').then((m) => ({ default: m.TaskListPage }))) },
    {
      path: TASK_ACTIVITY_PATH,
      Page: lazy(() => import('./TaskActivityPage.tsx').then((m) => ({ default: m.TaskActivityPage }))),
    },
    {
      path: ORGANISATION_DASHBOARD_PATH,
      roles: STAFF,
      Page: lazy(() =>
        import('./OrganisationDashboardPage.tsx').then((m) => ({ default: m.OrganisationDashboardPage })),
      ),
    },
    {
      path: USER_DASHBOARD_PATH,
      Page: lazy(() => import('./UserDashboardPage.tsx').then((m) => ({ default: m.UserDashboardPage }))),
    },
  ],
  menuIcons: {
    'superuser-dashboard': DashboardIcon,
    'user-dashboard': DashboardIcon,
    'task-detail': TaskIcon,
    'task-activity': ActivityIcon,
    'membership-task-detail': TaskIcon,
    'membership-task-activity': ActivityIcon,
  },
  topBarItems: [lazy(() => import('./TimerMenu.tsx').then((m) => ({ default: m.TimerMenu })))],
});

// What other modules may use.
export { taskDetailPath } from './paths.ts';
export { CasePicker, type CaseChoice } from './TaskPickers.tsx';
