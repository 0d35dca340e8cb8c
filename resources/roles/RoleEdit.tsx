// The role edit screen at /dashboard/roles/{roleId}/edit: name and label, the permissions grouped by
// prefix with wildcard toggles, "Update Role" → PUT /roles/{id} { name, label, permissions }. The
// super_admin role cannot be edited: the screen says so instead of offering the form.
import { useMemo, type ReactNode } from 'react';
import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useGetOne, useTranslate } from 'react-admin';
import { SUPER_ADMIN } from '../../contract/roles';
import type { Role } from '../../contract/types';
import { DynamicForm } from '../../src/forms/DynamicForm';
import { EditRoute } from '../../src/forms/EditRoute';
import { HistoryPanel } from '../../src/history/HistoryPanel';
import { useReloadAfterRestore } from '../../src/history/useReloadAfterRestore';
import { FormPage } from '../../src/forms/FormPage';
import { namePrecheck } from '../../src/forms/ResourceFormPage';
import { useRecordSave } from '../../src/forms/useRecordSave';
import { PERMISSIONS, PermissionGroups } from './PermissionGroups';
import { loadPermissions } from './permissionGroups';
import { roleInputs } from './RoleInputs';
import { useSessionUser } from '../../src/layout/useSessionUser';
import { roleResource } from '../../contract/resources/roles';
import { formTexts } from '../../src/declared/texts';

const texts = formTexts(roleResource.spa);
const listPath = `/dashboard/${roleResource.spa}`;

export default function RoleEdit() {
  return <EditRoute>{(id) => <RoleEditScreen key={id} id={id} />}</EditRoute>;
}

/** The form, and under it the role's history; a restore loads both afresh. */
function RoleEditScreen({ id }: { id: string }) {
  const [revision, reload] = useReloadAfterRestore(roleResource.spa);
  return (
    <RoleEditForm
      key={revision}
      id={id}
      below={<HistoryPanel resource={roleResource.spa} id={id} onRestored={reload} />}
    />
  );
}

function RoleEditForm({ id, below }: { id: string; below: ReactNode }) {
  const translate = useTranslate();
  const role = useGetOne<Role>(roleResource.spa, { id }, { retry: false, refetchOnWindowFocus: false });
  const catalogue = useQuery({
    queryKey: ['olympus.permissions'],
    queryFn: loadPermissions,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const save = useRecordSave({ resource: roleResource.spa, id, failedKey: texts.updateFailed });
  const record = role.data;
  const superAdmin = useSessionUser()?.olympusRole?.name === SUPER_ADMIN;
  const definition = useMemo(
    () => (record ? { groups: roleInputs(translate, superAdmin), data: { ...record } } : undefined),
    [record, translate, superAdmin],
  );
  const extraValues = useMemo(() => ({ [PERMISSIONS]: record?.permissions ?? [] }), [record]);

  return (
    <FormPage title={translate(texts.editTitle)} back={{ to: listPath, label: translate(texts.back) }}>
      {record?.name === SUPER_ADMIN ? (
        <Alert severity="info">
          {translate('olympus.forms.role.not_editable', { role: record.label || record.name })}
        </Alert>
      ) : (
        <DynamicForm
          definition={definition}
          loading={role.isPending || catalogue.isPending}
          loadFailed={role.isError}
          submitLabel={translate(texts.editSubmit)}
          save={save}
          redirectTo={listPath}
          extraValues={extraValues}
          precheck={namePrecheck(translate('olympus.forms.error.all_fields_required'))}
        >
          <PermissionGroups catalogue={catalogue.data ?? []} />
        </DynamicForm>
      )}
      {record && below}
    </FormPage>
  );
}
