// The integration edit screen at /dashboard/companies/{companyId}/integrations/{integration}/edit:
// "Edit {integration}", the integration's fields (GET /api/v1/companies/{id}/integrations/{value}/edit),
// "Update {integration}" → PUT …/integrations/{value}, then back to the company's edit screen.
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useTranslate } from 'react-admin';
import { apiPut } from '../../providers/httpClient';
import { DynamicForm } from '../../src/forms/DynamicForm';
import { FormPage } from '../../src/forms/FormPage';
import type { RecordData } from '../../src/forms/fieldModel';
import { outcomeOf } from '../../src/forms/saveOutcome';
import { API_PREFIX, useFormDefinition } from '../../src/forms/useFormDefinition';
import { companyEditPath } from './companyForm';

export default function IntegrationEdit() {
  const { companyId = '', integration = '' } = useParams();
  const translate = useTranslate();
  const base = `${API_PREFIX}/companies/${encodeURIComponent(companyId)}/integrations/${encodeURIComponent(integration)}`;
  const { definition, options, loading, error } = useFormDefinition(`${base}/edit`);
  const label =
    typeof definition?.data.label === 'string' && definition.data.label ? definition.data.label : integration;
  const back = companyEditPath(companyId);

  const save = useCallback(
    async (body: RecordData) =>
      outcomeOf(await apiPut(base, body), {
        failed: translate('olympus.forms.integration.update_failed', { integration: label }),
        noAnswer: translate('olympus.forms.error.generic'),
      }),
    [base, label, translate],
  );

  return (
    <FormPage
      title={translate('olympus.forms.integration.title', { integration: label })}
      back={{ to: back, label: translate('olympus.forms.integration.back') }}
    >
      <DynamicForm
        key={`${companyId}/${integration}`}
        definition={definition}
        options={options}
        loading={loading}
        loadFailed={!!error}
        submitLabel={translate('olympus.forms.integration.submit', { integration: label })}
        save={save}
        redirectTo={back}
      />
    </FormPage>
  );
}
