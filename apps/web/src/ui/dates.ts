import { DATE_FORMAT_LONG, DATE_FORMAT_SHORT } from '@lexdesk/contract';
import dayjs from 'dayjs';

type DateInput = string | number | Date | null | undefined;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

/**
 * The spec's 'MM-DD-YY HH:mm A' pairs a 24-hour hour with AM/PM ("21:01 PM"); it means the 12-hour clock its
 * AM/PM asks for (docs/decisions.md), so the hour is rendered as 'hh'.
 */
const SHORT_RENDERED = DATE_FORMAT_SHORT.replace('HH', 'hh');

/** 'MM-DD-YY hh:mm A' (spec 01 §9 read as the 12-hour clock it means), in the browser's time zone. */
export function formatDateShort(value: DateInput): string {
  return format(value, SHORT_RENDERED);
}

/** 'ddd, MMM D, YYYY hh:mm:ss A' (spec 01 §9), in the browser's time zone. */
export function formatDateLong(value: DateInput): string {
  return format(value, DATE_FORMAT_LONG);
}

/** '12 Mar 2026', or '' without a date. Calendar days (due dates, invoice dates): shown as written, never moved by a zone. */
export function formatDay(day: string | null): string {
  if (!day) return '';
  const date = dayjs(day);
  return date.isValid() ? date.format('D MMM YYYY') : day;
}
