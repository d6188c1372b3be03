import type { FormElement } from '@kelvin/domain';

const isSet = (limit: number | null | undefined): limit is number =>
  typeof limit === 'number' && Number.isFinite(limit);

/**
 * The help text under an element (spec section 2, Form screen): text 'min N characters' / 'max N characters';
 * number its min and max; multiSelect 'min N' / 'max N' as checkboxes, 'min N selected' as a dropdown. Null when
 * the element has no limit to tell.
 */
export function formFieldHelp(element: FormElement): string | null {
  const options = element.formElementDefOptions;
  const parts: string[] = [];
  switch (element.type) {
    case 'text':
      if (isSet(options.minLength)) parts.push(`min ${options.minLength} characters`);
      if (isSet(options.maxLength)) parts.push(`max ${options.maxLength} characters`);
      break;
    case 'number':
      if (isSet(options.min)) parts.push(`min ${options.min}`);
      if (isSet(options.max)) parts.push(`max ${options.max}`);
      break;
    case 'multiSelect':
      if (options.displayFormat === 'dropdown') {
        if (isSet(options.minSelections)) parts.push(`min ${options.minSelections} selected`);
      } else {
        if (isSet(options.minSelections)) parts.push(`min ${options.minSelections}`);
        if (isSet(options.maxSelections)) parts.push(`max ${options.maxSelections}`);
      }
      break;
    default:
      break;
  }
  return parts.length === 0 ? null : parts.join(' / ');
}
