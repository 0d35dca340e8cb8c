// Saving a record through react-admin's dataProvider: useCreate / useUpdate in pessimistic mode, so
// the form waits for the server and its field errors reach the fields. `resource` is
// react-admin's name (users, company, …): the dataProvider maps it to the API path, and react-admin
// refreshes that resource's cached records and lists.
import { useCallback } from 'react';
import { useCreate, useTranslate, useUpdate } from 'react-admin';
import type { RecordData } from './fieldModel';
import { failureOf, successText, type SaveFn, type SaveOptions } from './saveOutcome';

export interface RecordSaveOptions {
  resource: string;
  /** Absent: create (POST); present: update (PUT). */
  id?: string;
  /** i18n key of the resource's failure line, e.g. resources.company.form.update_failed. */
  failedKey: string;
}

export function useRecordSave({ resource, id, failedKey }: RecordSaveOptions): SaveFn {
  const translate = useTranslate();
  const [create] = useCreate();
  const [update] = useUpdate();

  return useCallback(
    async (body: RecordData, { version }: SaveOptions = {}) => {
      try {
        // An update names the version it is based on (If-Match): changed meanwhile, it answers 409 with the conflict.
        const record: unknown =
          id === undefined
            ? await create(resource, { data: body }, { returnPromise: true })
            : await update(
                resource,
                { id, data: body, meta: version === undefined ? undefined : { version } },
                { mutationMode: 'pessimistic', returnPromise: true },
              );
        return { ok: true, message: successText(record) };
      } catch (error) {
        return failureOf(error, { failed: translate(failedKey), noAnswer: translate('olympus.forms.error.generic') });
      }
    },
    [create, update, resource, id, failedKey, translate],
  );
}
