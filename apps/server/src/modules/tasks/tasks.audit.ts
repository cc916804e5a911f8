import { formatDuration } from '@lexdesk/contract';
import { auditText, mergeVocabularies, namesFrom, type AuditSentence } from '../../platform/audit/audit-sentences.ts';

/** "the task 'Draft the lease'" by today's title, or the title stored with the event once it is deleted. */
const theTask = (e: Parameters<AuditSentence>[0]) =>
  auditText.thing('task', e.name('task', e.entityId), e.changes.title);

const plain =
  (verb: string): AuditSentence =>
  (e) =>
    `${e.actor} ${verb} ${theTask(e)}`;

const withText =
  (verb: string, key: string, preposition: string): AuditSentence =>
  (e) =>
    `${e.actor} ${verb} ${auditText.quoted(auditText.text(e.changes[key]))} ${preposition} ${theTask(e)}`.replace(
      /\s+/g,
      ' ',
    );

const seconds = (value: unknown) => formatDuration(typeof value === 'number' ? value : 0);

/** How the task tracker's events read in the history screens and on /task-activity. */
export const tasksAuditVocabulary = mergeVocabularies([
  {
    sentences: {
      'task:created': plain('created'),
      'task:updated': plain('edited'),
      'task:deleted': plain('deleted'),
      'task:checklist.added': withText('added the checklist item', 'text', 'to'),
      'task:checklist.updated': withText('updated the checklist item', 'text', 'of'),
      'task:checklist.deleted': withText('deleted the checklist item', 'text', 'of'),
      'task:comment.added': plain('commented on'),
      'task:comment.deleted': plain('deleted a comment on'),
      'task:attachment.added': withText('attached', 'file_name', 'to'),
      'task:attachment.deleted': withText('deleted the attachment', 'file_name', 'of'),
      'task:timer.started': plain('started a timer on'),
      'task:timer.stopped': (e) => `${e.actor} stopped a timer on ${theTask(e)} after ${seconds(e.changes.seconds)}`,
      'task:timer.auto_stopped': (e) =>
        `A timer of ${e.actor} on ${theTask(e)} stopped itself after 12 hours and was flagged`,
      'task:time.added': (e) => `${e.actor} logged ${seconds(e.changes.seconds)} on ${theTask(e)}`,
      'task:time.updated': plain('changed a time entry of'),
      'task:time.deleted': plain('deleted a time entry of'),
      'task:time.approved': (e) =>
        `${e.actor} approved ${auditText.text(e.changes.count)} time entries of ${theTask(e)}`,
      'task:time.unapproved': (e) =>
        `${e.actor} unlocked ${auditText.text(e.changes.count)} time entries of ${theTask(e)}`,
      'task_settings:updated': (e) =>
        `${e.actor} set the idle time to ${auditText.text(e.changes.idle_minutes)} minutes and the billing increment to ${auditText.text(e.changes.billing_increment_minutes)} minutes`,
    },
    names: { task: namesFrom('tasks', 'title') },
  },
]);
