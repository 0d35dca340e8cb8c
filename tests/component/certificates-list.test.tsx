// The certificate list (contract/resources/certificates.ts): its status, computed by the server, shows as a chip
// with its word (never the colour alone), its type by its label, and the area's own navigation item "Compliance".
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import axe from 'axe-core';
import { freshPage } from './shell-harness';
import { LOAD_TIMEOUT, dataCells, listReply, openList } from './list-harness';
import { CERTIFICATE_STATUSES, CERTIFICATE_TYPES, type CertificateStatus } from '../../contract/compliance';
import { certificateResource } from '../../contract/resources/certificates';
import { choiceLabel, type ChoiceField } from '../../contract/resources/declare';

const statusField = certificateResource.fields.status as ChoiceField;
const row = (n: number, status: CertificateStatus) => ({
  uuid: `c-${n}`,
  id: `c-${n}`,
  property_id: 'p-1',
  property: { uuid: 'p-1', name: 'Harbour View' },
  unit_id: null,
  unit: null,
  type: 'gas_safety',
  issued_on: '2026-01-05',
  expires_on: '2027-01-05',
  reference: `CP12-${n}`,
  status,
  evidence: null,
  notes: null,
  version: 1,
});

describe('the certificate list', () => {
  beforeEach(freshPage);

  it('shows each status as a chip with its word, the type by its label, under Compliance', async () => {
    openList('/dashboard/certificate', {
      'GET /api/v1/certificates': listReply(CERTIFICATE_STATUSES.map((s, i) => row(i + 1, s))),
    });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    const statusColumn = certificateResource.list.columns.indexOf('status');
    const typeColumn = certificateResource.list.columns.indexOf('type');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => dataCells(r)[statusColumn].textContent)).toEqual(
      CERTIFICATE_STATUSES.map((s) => choiceLabel(statusField, s)),
    );
    expect(dataCells(rows[0])[typeColumn].textContent).toBe(CERTIFICATE_TYPES.gas_safety.label);
    // The area's own navigation label, not the list's title.
    expect(screen.getByRole('menuitem', { name: 'Compliance' })).toBeTruthy();
    // The list leads back to its area's overview page, not Home.
    const area = certificateResource.area;
    const page = typeof area === 'string' || !area.nav ? undefined : area.nav.page;
    expect(screen.getByRole('link', { name: 'Back to Compliance' })).toHaveAttribute('href', `/dashboard/${page}`);
    // jsdom computes no colours: the chip's contrast (dark text on a light tint) is the browser tests' to measure.
    const result = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});
