import type { CasePlaybook, PlaybookDetail } from '@lexdesk/contract';
import { formatDateShort } from '../../ui/dates.ts';

/** The version picker's value: 'draft' or a published version's number as text (a select's value). */
export type VersionChoice = 'draft' | `${number}`;

/** What the view opens on: the latest published version, or the draft before the first publication. */
export const defaultVersion = (detail: Pick<PlaybookDetail, 'current_version'>): VersionChoice =>
  detail.current_version ? `${detail.current_version}` : 'draft';

/** The version the preview asks for (null: the draft). */
export const versionOf = (choice: VersionChoice): number | null => (choice === 'draft' ? null : Number(choice));

/** The picker's options: the draft first, then the versions newest first. */
export function versionOptions(
  detail: Pick<PlaybookDetail, 'versions' | 'has_unpublished_changes'>,
): { value: VersionChoice; label: string }[] {
  const versions = [...detail.versions].sort((a, b) => b.version - a.version);
  return [
    { value: 'draft', label: detail.has_unpublished_changes ? 'Draft (unpublished changes)' : 'Draft' },
    ...versions.map((v) => ({
      value: `${v.version}` as VersionChoice,
      label: `Version ${v.version} · ${formatDateShort(v.published_at)}${v.published_by ? ` · ${v.published_by}` : ''}`,
    })),
  ];
}

/** A case's pin as the Playbooks tab reads it: "version 3 of 4". */
export const pinLabel = (pin: Pick<CasePlaybook, 'version' | 'latest_version'>) =>
  `version ${pin.version} of ${pin.latest_version}`;

/** The case follows an older version than the latest. */
export const isBehind = (pin: Pick<CasePlaybook, 'version' | 'latest_version'>) => pin.version < pin.latest_version;
