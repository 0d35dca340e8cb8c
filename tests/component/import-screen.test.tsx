// A declared resource's Import screen (docs/resources.md "Import"): a CSV file chosen, its columns
// matched to the fields by name or label, a check (dry run) showing what would happen and the rows with
// errors, the import itself with its progress, which shows again when the screen is opened later.
// axe finds nothing.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportStatus } from '../../contract/imports';
import { unitResource } from '../../contract/resources/units';
import type { SessionUser } from '../../contract/types';
import { authStore } from '../../providers/store';
import { ImportScreen } from '../../src/imports/ImportScreen';
import { renderScreens, stubApi, type Handler } from './form-test-utils';

const FILE = 'Unit name,Building,Bedrooms,Notes\nFlat 1,Oak House,2,x\nFlat 2,Oak House,lots,y\n';

const status = (over: Partial<ImportStatus>): { status: number; body: unknown } => ({
  status: 200,
  body: {
    data: {
      id: 'imp-1',
      resource: 'units',
      dry_run: true,
      state: 'succeeded',
      message: null,
      mapping: { 'Unit name': 'name', Bedrooms: 'bedrooms' },
      counts: { rows: 2, done: 2, created: 1, updated: 0, failed: 1 },
      errors: [{ row: 3, field: 'bedrooms', message: 'The bedrooms must be a number.' }],
      preview: [{ row: 2, action: 'create' }],
      created_at: '2026-11-26T10:00:00.000Z',
      finished_at: '2026-11-26T10:00:01.000Z',
      ...over,
    },
  },
});

function signedIn() {
  const user = {
    uuid: 'me',
    id: 'me',
    name: 'Me',
    olympusRole: { uuid: 'r-admin', name: 'admin', label: 'admin', permissions: ['units.*'] },
  } as unknown as SessionUser;
  authStore.set({ access_token: 'tok-import', currentCompany: 'c-acme', currentCompanyName: 'Acme Lettings', user });
}

function open(routes: Record<string, Handler>) {
  const api = stubApi(routes);
  renderScreens({ '/dashboard/unit/import': <ImportScreen decl={unitResource} /> }, '/dashboard/unit/import');
  return { api, user: userEvent.setup({ delay: null }) };
}

async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('Import screen', () => {
  beforeEach(() => {
    authStore.reset();
    localStorage.clear();
    signedIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('matches the columns, checks the file without writing, and shows the rows with errors and how to download them', async () => {
    const { api, user } = open({
      'POST /api/v1/units/import': { status: 202, body: { data: { id: 'imp-1' } } },
      'GET /api/v1/imports/imp-1': status({}),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Import Units' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the template' })).toHaveAttribute(
      'href',
      '/api/v1/units/import/template',
    );
    await user.upload(screen.getByLabelText('CSV file'), new File([FILE], 'units.csv', { type: 'text/csv' }));
    expect(await screen.findByText('File: units.csv')).toBeInTheDocument();
    const mapping = screen.getByRole('table', { name: 'Columns' });
    expect(
      within(mapping)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Column in the fileField',
      expect.stringContaining('Unit name'),
      expect.stringContaining('Building'),
      expect.stringContaining('Bedrooms'),
      expect.stringContaining('Notes'),
    ]);
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(
      await screen.findByText('Check finished: 1 would be created, 0 would be updated, 1 have errors.'),
    ).toBeInTheDocument();
    const post = api.apiCalls().find((c) => c.method === 'POST')!;
    const query = new URLSearchParams(post.search);
    expect(query.get('dry_run')).toBe('true');
    // Matched by label and by name; the others left out until mapped.
    expect(JSON.parse(query.get('mapping') ?? '')).toEqual({
      'Unit name': 'name',
      Building: '',
      Bedrooms: 'bedrooms',
      Notes: '',
    });
    expect(post.body).toBe(FILE);
    const errors = screen.getByRole('table', { name: 'Rows with errors' });
    expect(within(errors).getAllByRole('row')[1]).toHaveTextContent('3BedroomsThe bedrooms must be a number.');
    expect(screen.getByRole('button', { name: 'Download the rows with errors' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the progress of a running import, again when the screen is opened later', async () => {
    let calls = 0;
    const { user } = open({
      'POST /api/v1/units/import': { status: 202, body: { data: { id: 'imp-1' } } },
      'GET /api/v1/imports/imp-1': () => {
        const done = [250, 500][++calls - 1];
        return done !== undefined
          ? status({
              dry_run: false,
              state: 'running',
              counts: { rows: 1000, done, created: done - 2, updated: 0, failed: 2 },
              finished_at: null,
            })
          : status({ dry_run: false });
      },
    });
    await user.upload(await screen.findByLabelText('CSV file'), new File([FILE], 'units.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('250 of 1000 rows done, 2 with errors')).toBeInTheDocument();
    expect(screen.queryByText(/left$/)).not.toBeInTheDocument();
    // A second count a second later: 250 rows a second, so about a second per 250 rows left.
    expect(await screen.findByText('500 of 1000 rows done, 2 with errors')).toBeInTheDocument();
    expect(screen.getByText(/^About [1-3] seconds? left$/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(localStorage.getItem('olympus.import.unit')).toBe('imp-1');

    // Left and opened again: the import is followed without choosing the file again.
    cleanup();
    open({ 'GET /api/v1/imports/imp-1': status({ dry_run: false }) });
    expect(await screen.findByText('Import finished: 1 created, 0 updated, 1 with errors.')).toBeInTheDocument();
    expect(screen.queryByLabelText('CSV file')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(await screen.findByLabelText('CSV file')).toBeInTheDocument();
    expect(localStorage.getItem('olympus.import.unit')).toBeNull();
  });

  it('says why the server refused the file', async () => {
    const { user } = open({
      'POST /api/v1/units/import': {
        status: 422,
        body: {
          message: 'The file has more than 200,000 rows. Split it and import each part.',
          errors: { file: ['The file has more than 200,000 rows. Split it and import each part.'] },
        },
      },
    });
    await user.upload(await screen.findByLabelText('CSV file'), new File([FILE], 'units.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file has more than 200,000 rows. Split it and import each part.',
    );
  });
});
