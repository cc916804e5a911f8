import { formatDuration } from '@lexdesk/contract';
import { auditText, mergeVocabularies, namesFrom, type AuditSentence } from '../../platform/audit/audit-sentences.ts';

/**
 * "the task 'Draft the lease'" by today's title, "a deleted task" once it is gone. Events keep ids only
 * (platform/audit/audit-details.ts): a checklist item or an attachment reads by today's text or file name.
 */
const theTask = (e: Parameters<AuditSentence>[0]) => auditText.thing('task', e.name('task', e.entityId));

const plain =
  (verb: string): AuditSentence =>
  (e) =>
    `${e.actor} ${verb} ${theTask(e)}`;

/** "added the checklist item 'Call the client' to the task …", or "… a checklist item …" once it is gone. */
const withPart =
  (verb: string, kind: string, noun: string, idKey: string, preposition: string): AuditSentence =>
  (e) => {
    const name = e.name(kind, e.changes[idKey]);
    const part = name ? `the ${noun} '${name}'` : `a ${noun}`;
    return `${e.actor} ${verb} ${part} ${preposition} ${theTask(e)}`;
  };

/** An attachment reads by its file name while it is there: "attached 'Notes.pdf' to …", else "a file". */
const attached: AuditSentence = (e) => {
  const name = e.name('task_attachment', e.changes.attachment_id);
  return `${e.actor} attached ${name ? auditText.quoted(name) : 'a file'} to ${theTask(e)}`;
};

const seconds = (value: unknown) => formatDuration(typeof value === 'number' ? value : 0);

/** How the task tracker's events read in the history screens and on /task-activity. */
export const tasksAuditVocabulary = mergeVocabularies([
  {
    sentences: {
      'task:created': plain('created'),
      'task:updated': plain('edited'),
      'task:deleted': plain('deleted'),
      'task:checklist.added': withPart('added', 'task_checklist_item', 'checklist item', 'item_id', 'to'),
      'task:checklist.updated': withPart('updated', 'task_checklist_item', 'checklist item', 'item_id', 'of'),
      'task:checklist.deleted': withPart('deleted', 'task_checklist_item', 'checklist item', 'item_id', 'of'),
      'task:comment.added': plain('commented on'),
      'task:comment.deleted': plain('deleted a comment on'),
      'task:attachment.added': attached,
      'task:attachment.deleted': plain('deleted an attachment of'),
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
    names: {
      task: namesFrom('tasks', 'title'),
      task_checklist_item: namesFrom('task_checklist_items', 'text'),
      task_attachment: namesFrom('task_attachments', 'file_name'),
    },
  },
]);
