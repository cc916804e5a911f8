import { DATE_FORMAT_LONG, DATE_FORMAT_SHORT } from '@lexdesk/contract';
import dayjs from 'dayjs';

type DateInput = string | number | Date | null | undefined;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

/** 'MM-DD-YY HH:mm A' (spec 01 §9), in the browser's time zone. */
export function formatDateShort(value: DateInput): string {
  return format(value, DATE_FORMAT_SHORT);
}

/** 'ddd, MMM D, YYYY hh:mm:ss A' (spec 01 §9), in the browser's time zone. */
export function formatDateLong(value: DateInput): string {
  return format(value, DATE_FORMAT_LONG);
}
