import { Alert } from '@mantine/core';
import { isExternalUser } from '@kelvin/domain';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../../app/session/useCurrentUser.ts';
import { QueryState } from '../../../shared/ui/QueryState.tsx';
import { FormEditor } from './FormEditor.tsx';
import { useLatestFormDefinition } from './formEditorQueries.ts';

/** The server's rule (formsAccess.requireFormEditor), said before anything is tried. */
export const PROVIDER_STAFF_ONLY = "Only the provider's staff create and change form definitions.";

/** Whether the signed-in user is the provider's staff; undefined while the user loads. */
export function useIsProviderStaff(): boolean | undefined {
  const me = useCurrentUser().data;
  return me === undefined ? undefined : !isExternalUser(me.user);
}

/** adminFormEditor: admin/forms/new or admin/forms/{formId}, the latest version of the form. */
export function FormEditorPage() {
  const param = useParams().formId ?? '';
  const formId = /^\d+$/.test(param) ? Number(param) : 0;
  const staff = useIsProviderStaff();
  const latest = useLatestFormDefinition(param === 'new' ? 0 : formId);
  if (staff === false) return <Alert color="yellow">{PROVIDER_STAFF_ONLY}</Alert>;
  if (param === 'new') return <FormEditor key="new" definition={null} />;
  return (
    <QueryState query={latest} label="the form">
      {(definition) => <FormEditor key={definition.formId} definition={definition} />}
    </QueryState>
  );
}
