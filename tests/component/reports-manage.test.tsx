// Report management on the generated screens (contract/resources/reports.ts, resources/reports): the
// create form is the server's own form groups for the declaration (server/crud/form.ts). The
// provider is a radio group labelled "Built-in charts" / "Power BI" that sends builtin / powerbi; the
// Power BI fields appear only while Power BI is chosen, required then, and are not sent otherwise. The
// list shows the provider's label; the Reports page links to the list for a super admin only.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formGroups } from '../../server/crud/form';
import { withValues } from '../../server/forms/fields';
import { reportResource } from '../../contract/resources/reports';
import { freshPage, makeUser, renderApp, sessionApi, signIn } from './shell-harness';
import { LOAD_TIMEOUT, listReply, openList, rowOf, dataCells } from './list-harness';

const API = '/api/v1/reports/manage';
const WORKSPACE = '4a5b6c7d-0000-4000-8000-000000000001';
const REPORT = '4a5b6c7d-0000-4000-8000-000000000002';
const RECORD = {
  uuid: 'r-1',
  id: 'r-1',
  name: 'Rent roll',
  provider: 'powerbi',
  position: 1,
  workspace_id: WORKSPACE,
  report_id: REPORT,
  dataset_id: null,
  rls_roles: null,
};
const POWER_BI_FIELDS = ['Workspace ID', 'Report ID', 'Dataset ID'];

const shown = (label: string) => screen.queryByRole('textbox', { name: label });

/** Pastes `text` into `field` (focused first). */
async function paste(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('report management screens', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('create: the Power BI fields appear only when Power BI is chosen, and only then are they required and sent', async () => {
    const user = userEvent.setup();
    const { api } = openList('/dashboard/report/create', {
      [`GET ${API}/create`]: {
        status: 200,
        body: { data: {}, fields: withValues(formGroups(reportResource, {}), {}) },
      },
      [`POST ${API}`]: { status: 201, body: { data: { message: 'The report has been created', ...RECORD } } },
      [`GET ${API}`]: listReply([]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a Report' }, LOAD_TIMEOUT)).toBeInTheDocument();
    const provider = await screen.findByRole('radiogroup', { name: /Provider/ }, LOAD_TIMEOUT);
    expect(
      within(provider)
        .getAllByRole('radio')
        .map((r) => [(r as HTMLInputElement).value, r.closest('label')?.textContent]),
    ).toEqual([
      ['builtin', 'Built-in charts'],
      ['powerbi', 'Power BI'],
    ]);
    for (const label of POWER_BI_FIELDS) expect(shown(label)).toBeNull();
    expect(shown('RLS roles')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Rent roll');
    await user.click(within(provider).getByRole('radio', { name: 'Power BI' }));
    for (const label of POWER_BI_FIELDS)
      expect(await screen.findByRole('textbox', { name: label })).toBeInTheDocument();
    expect(shown('Workspace ID')).toBeRequired();
    expect(shown('Report ID')).toBeRequired();
    expect(shown('Dataset ID')).not.toBeRequired();
    expect(shown('RLS roles')).toBeInTheDocument();

    // Back to built-in charts: the Power BI fields go, and what was typed in them is not sent.
    // GUIDs are pasted, as people enter them (typing 36 characters each re-renders the form 36 times).
    await paste(user, shown('Workspace ID')!, WORKSPACE);
    await user.click(within(provider).getByRole('radio', { name: 'Built-in charts' }));
    await waitFor(() => expect(shown('Workspace ID')).toBeNull());
    await user.click(within(provider).getByRole('radio', { name: 'Power BI' }));
    const workspace = await screen.findByRole('textbox', { name: 'Workspace ID' });
    await user.clear(workspace);
    await paste(user, workspace, WORKSPACE);
    await paste(user, shown('Report ID')!, REPORT);
    await user.click(screen.getByRole('button', { name: 'Create Report' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.path === API)).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST' && c.path === API)?.body).toMatchObject({
      name: 'Rent roll',
      provider: 'powerbi',
      workspace_id: WORKSPACE,
      report_id: REPORT,
    });
  });

  it('create: built-in charts sends no Power BI field', async () => {
    const user = userEvent.setup();
    const { api } = openList('/dashboard/report/create', {
      [`GET ${API}/create`]: {
        status: 200,
        body: { data: {}, fields: withValues(formGroups(reportResource, {}), {}) },
      },
      [`POST ${API}`]: {
        status: 201,
        body: { data: { message: 'The report has been created', ...RECORD, provider: 'builtin' } },
      },
      [`GET ${API}`]: listReply([]),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, LOAD_TIMEOUT), 'Charts');
    await user.click(screen.getByRole('radio', { name: 'Built-in charts' }));
    await user.click(screen.getByRole('button', { name: 'Create Report' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.path === API)).toHaveLength(1));
    const sent = api.calls.find((c) => c.method === 'POST' && c.path === API)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Charts', provider: 'builtin' });
    for (const hidden of ['workspace_id', 'report_id', 'dataset_id', 'rls_roles'])
      expect(sent).not.toHaveProperty(hidden);
  });

  it('list: the provider by its label, and a way back to the Reports page', async () => {
    openList('/dashboard/report', {
      [`GET ${API}`]: listReply([
        RECORD,
        {
          ...RECORD,
          uuid: 'r-2',
          id: 'r-2',
          name: 'Portfolio overview',
          provider: 'builtin',
          position: 0,
          workspace_id: null,
          report_id: null,
        },
      ]),
    });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    const cells = (name: string) =>
      dataCells(rowOf(name))
        .slice(0, 3)
        .map((td) => td.textContent);
    expect(cells('Rent roll')).toEqual(['Rent roll', 'Power BI', '1']);
    expect(cells('Portfolio overview')).toEqual(['Portfolio overview', 'Built-in charts', '0']);
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Reports' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Reports/ })).toHaveAttribute('href', '/dashboard/reports');
  });

  it('the Reports page links to the management list for a super admin, not for an admin', async () => {
    const reply = { status: 200, body: { data: { urls: [] } } };
    const superAdmin = makeUser({ role: 'super_admin' });
    signIn(superAdmin);
    sessionApi(superAdmin, { 'GET /api/v1/reports': reply });
    const first = renderApp('/dashboard/reports');
    expect(await screen.findByRole('link', { name: 'Manage reports' }, LOAD_TIMEOUT)).toHaveAttribute(
      'href',
      '/dashboard/report',
    );
    first.unmount();

    freshPage();
    const admin = makeUser({ role: 'admin', permissions: ['users.*', 'reports.access'] });
    signIn(admin);
    sessionApi(admin, { 'GET /api/v1/reports': reply });
    renderApp('/dashboard/reports');
    expect(
      await screen.findByText('No reports are set up for this company yet.', {}, LOAD_TIMEOUT),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage reports' })).toBeNull();
  });
});
