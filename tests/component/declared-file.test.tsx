// A declared resource's file field in the browser (docs/resources.md "Files"): the test-only "policies"
// declaration (tests/support/policy-declaration.ts) joins the registry, and its forms are the server's
// own form groups for it (server/crud/form.ts). The edit form shows the file's name (a download) and
// size and removes it; the create form uploads a chosen file with its progress and sends the upload's
// id; a refused or too large file says why and sets nothing. The list shows a paper clip. axe finds nothing.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formGroups } from '../../server/crud/form';
import { withValues } from '../../server/forms/fields';
import { fileSizeText } from '../../src/forms/uploadApi';
import { policyResource } from '../support/policy-declaration';
import { freshPage } from './shell-harness';
import { LOAD_TIMEOUT, listReply, openList, rowOf, dataCells } from './list-harness';

vi.mock('../../contract/resources', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../contract/resources')>();
  const { policyResource: policies } = await import('../support/policy-declaration');
  return { ...real, DECLARED_RESOURCES: [...real.DECLARED_RESOURCES, policies] };
});

const API = '/api/v1/policies';
const FILE = { id: 'f-1', name: 'Buildings 2026.pdf', size: 250_000, content_type: 'application/pdf' };
const RECORD = {
  uuid: 'p-1',
  id: 'p-1',
  name: 'Buildings cover',
  insurer: 'Aviva',
  renews_on: null,
  certificate: FILE,
  photo: null,
  version: 1,
};

async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** An XMLHttpRequest whose upload the test moves along: `sent` holds each, `answer` ends it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  progress(percent: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const chooser = () =>
  document.querySelector<HTMLInputElement>('input[type="file"][name="certificate"]') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(chooser(), { target: { files: [file] } });

describe('a declared resource’s file field', () => {
  beforeEach(() => {
    freshPage();
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('edit: shows the file’s name as a download and its size, and Remove sends none', async () => {
    const user = userEvent.setup();
    const { api } = openList('/dashboard/policy/p-1/edit', {
      [`GET ${API}/p-1/edit`]: {
        status: 200,
        body: { data: RECORD, fields: withValues(formGroups(policyResource, {}), RECORD) },
      },
      [`PUT ${API}/p-1`]: { status: 200, body: { data: { message: 'The policy has been updated', ...RECORD } } },
    });
    const link = await screen.findByRole('button', { name: `Download ${FILE.name}` }, LOAD_TIMEOUT);
    expect(link).toHaveTextContent(FILE.name);
    expect(screen.getByText(fileSizeText(FILE.size))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload another file' })).toBeInTheDocument();
    expect(chooser()).toHaveAttribute('accept', expect.stringContaining('application/pdf'));
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: `Remove ${FILE.name}` }));
    expect(screen.queryByRole('button', { name: `Download ${FILE.name}` })).toBeNull();
    expect(screen.getAllByText('No file').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Update Policy' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ certificate: null, photo: null });
  });

  it('create: uploads the chosen file with its progress, then sends the upload’s id', async () => {
    const user = userEvent.setup();
    const { api } = openList('/dashboard/policy/create', {
      [`GET ${API}/create`]: {
        status: 200,
        body: { data: {}, fields: withValues(formGroups(policyResource, {}), {}) },
      },
      [`POST ${API}`]: { status: 201, body: { data: { message: 'The policy has been created', ...RECORD } } },
      [`GET ${API}`]: listReply([]),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Policy name' }, LOAD_TIMEOUT), 'Contents cover');
    choose(new File(['%PDF-1.7 …'], 'Contents.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0];
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/v1/uploads']);
    expect((xhr.body?.get('file') as File).name).toBe('Contents.pdf');
    xhr.progress(40);
    expect(await screen.findByRole('status')).toHaveTextContent('Uploading: 40%');
    expect(screen.getByRole('progressbar', { name: 'Uploading: 40%' })).toBeInTheDocument();
    xhr.answer(201, {
      data: { id: 'u-9', name: 'Contents.pdf', size: 1234, content_type: 'application/pdf', sha256: 'x' },
    });
    expect(await screen.findByRole('button', { name: 'Download Contents.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(fileSizeText(1234))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Policy' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST' && c.path === API)).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST' && c.path === API)?.body).toMatchObject({
      name: 'Contents cover',
      certificate: 'u-9',
      photo: null,
    });
  });

  it('a refused upload says why in the server’s words, a file too large is not sent, and neither sets a file', async () => {
    openList('/dashboard/policy/create', {
      [`GET ${API}/create`]: {
        status: 200,
        body: { data: {}, fields: withValues(formGroups(policyResource, {}), {}) },
      },
    });
    await screen.findByRole('textbox', { name: 'Policy name' }, LOAD_TIMEOUT);
    choose(new File(['MZ…'], 'evidence.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const refusal =
      'The file must be a PDF, PNG, JPEG or WebP file: its content is not one of these, whatever its name says.';
    FakeXhr.sent[0].answer(422, { message: refusal, errors: { file: [refusal] } });
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Download/ })).toBeNull();

    const max = policyResource.fields.certificate.maxMb * 1024 * 1024;
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: max + 1 });
    choose(big);
    expect(await screen.findByText(`The file may not be larger than ${fileSizeText(max)}.`)).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('list: a paper clip named for the file where a record has one, nothing where not', async () => {
    openList('/dashboard/policy', {
      [`GET ${API}`]: listReply([
        RECORD,
        { ...RECORD, uuid: 'p-2', id: 'p-2', name: 'Motor cover', certificate: null },
      ]),
    });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    const clip = (name: string) => dataCells(rowOf(name))[2];
    expect(clip('Buildings cover').querySelector('[role="img"]')).toHaveAttribute(
      'aria-label',
      `File attached: ${FILE.name}`,
    );
    expect(clip('Motor cover').querySelector('[role="img"]')).toBeNull();
  });
});
