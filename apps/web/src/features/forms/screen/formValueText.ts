import { durationText, type TypedFormValue } from '@kelvin/domain';
import { formatDateTime } from '../../../shared/formatting/dateTime.ts';

/** A stored yyyy-MM-dd as the console writes dates (MM/dd/yyyy), without a zone: a day is the same day everywhere. */
function dayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : day;
}

/** A value as read-only text: how the form shows what was filled in when it may not be changed. */
export function formValueText(value: TypedFormValue | null, timeZone: string): string {
  if (value === null) return '—';
  switch (value.type) {
    case 'boolean':
      return value.value ? 'Yes' : 'No';
    case 'date':
      return dayText(value.value);
    case 'dateTime': {
      const ts = Date.parse(value.value);
      return Number.isFinite(ts) ? formatDateTime(ts, timeZone) : value.value;
    }
    case 'duration':
      return durationText(value.value);
    case 'multiText':
      return value.value.join(', ');
    case 'number':
      return String(value.value);
    case 'text':
      return value.value;
  }
}
