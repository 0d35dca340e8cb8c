// The shared list chrome (src/lists) through the companies list, the smallest one: texts, sorting,
// ?page handling, page sizes from the persisted preference, page links, notices, CSV export.
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uiStore } from '../../providers/store';
import { freshPage, location } from './shell-harness';
import {
  LOAD_TIMEOUT,
  captureCsv,
  companyRow,
  firstCells,
  listReply,
  openList,
  unitRow,
  dataHeaders,
} from './list-harness';

const companies = (count: number) =>
  Array.from({ length: count }, (_, i) => companyRow(i + 1, { name: `Company ${String(i + 1).padStart(2, '0')}` }));

async function openCompanies(url: string, rows = companies(95)) {
  const view = openList(url, { 'GET /api/v1/companies': listReply(rows) });
  await screen.findByRole('table', {}, LOAD_TIMEOUT);
  return view;
}

const pageLinks = () =>
  within(screen.getByRole('navigation', { name: 'Pagination' })).queryAllByRole('link', { name: /^Go to page \d+$/ });
const ellipses = () => within(screen.getByRole('navigation', { name: 'Pagination' })).queryAllByText('…');

describe('list chrome', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the back link, title, create button, search box and columns with the fixed texts', async () => {
    const { api } = await openCompanies('/dashboard/company', [
      companyRow(1, { name: 'Acme Lettings', address_line_1: '1 Quay St', city: 'Leeds', postcode: 'LS1 1AA' }),
    ]);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a Company' })).toHaveAttribute('href', '/dashboard/company/create');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'by Company Name');
    const headers = dataHeaders().map((h) => h.textContent);
    expect(headers).toEqual(['Company name', 'Address', 'Edit']);
    expect(screen.getByRole('row', { name: /Acme Lettings/ })).toHaveTextContent('1 Quay St, Leeds, LS1 1AA');
    // Companies are not one company's records: no "Company:" line.
    expect(screen.queryByText(/^Company: /)).not.toBeInTheDocument();
    // From the API path of the resource: the page on screen, then (a small list) the whole list once.
    await waitFor(() =>
      expect(api.called('GET /api/v1/companies').map((c) => c.search)).toEqual(['?page=1&per_page=10', '']),
    );
    expect(document.body.textContent).not.toMatch(/olympus\.[a-z_]+\./);
  });

  it('links each row to /dashboard/company/{id}/edit', async () => {
    await openCompanies('/dashboard/company', [companyRow(7)]);
    expect(within(screen.getByRole('row', { name: /Company 7/ })).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/dashboard/company/c-7/edit',
    );
  });

  it('searches companies by name, case-insensitively', async () => {
    const user = userEvent.setup();
    await openCompanies('/dashboard/company', [
      companyRow(1, { name: 'Acme Lettings', city: 'Beta Town' }),
      companyRow(2, { name: 'Beta Homes' }),
      companyRow(3, { name: 'Gamma Estates' }),
    ]);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'BETA');
    expect(firstCells()).toEqual(['Beta Homes']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing like it');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText(/No Companies found/)).toBeInTheDocument();
  });

  it('keeps the server order, sorts by name ascending on the first click and toggles after', async () => {
    const user = userEvent.setup();
    await openCompanies('/dashboard/company', [
      companyRow(1, { name: 'Charlie' }),
      companyRow(2, { name: 'alpha' }),
      companyRow(3, { name: 'Bravo' }),
    ]);
    expect(firstCells()).toEqual(['Charlie', 'alpha', 'Bravo']);
    const header = () => within(dataHeaders()[0]).getByRole('button');
    await user.click(header());
    expect(firstCells()).toEqual(['alpha', 'Bravo', 'Charlie']);
    await user.click(header());
    expect(firstCells()).toEqual(['Charlie', 'Bravo', 'alpha']);
    await user.click(header());
    expect(firstCells()).toEqual(['alpha', 'Bravo', 'Charlie']);
    // Only the name column sorts.
    expect(within(dataHeaders()[1]).queryByRole('button')).not.toBeInTheDocument();
  });

  it('reads the page from ?page and omits page 1 from the URL', async () => {
    const user = userEvent.setup();
    const { router } = await openCompanies('/dashboard/company?page=2');
    expect(firstCells()[0]).toBe('Company 11');
    expect(screen.getByText('11–20 of 95')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to page 3' }));
    expect(location(router)).toBe('/dashboard/company?page=3');
    expect(firstCells()[0]).toBe('Company 21');
    await user.click(screen.getByRole('link', { name: 'Go to first page' }));
    expect(location(router)).toBe('/dashboard/company');
    expect(firstCells()[0]).toBe('Company 01');
    expect(screen.getByRole('link', { name: 'Go to page 1' })).toHaveAttribute('href', '/dashboard/company');
    expect(screen.getByRole('link', { name: 'Go to page 2' })).toHaveAttribute('href', '/dashboard/company?page=2');
  });

  it('shows a page past the end as the last page, and a nonsense page as page 1', async () => {
    const { unmount } = await openCompanies('/dashboard/company?page=99');
    expect(firstCells()).toEqual(['Company 91', 'Company 92', 'Company 93', 'Company 94', 'Company 95']);
    unmount();
    await openCompanies('/dashboard/company?page=abc');
    expect(firstCells()[0]).toBe('Company 01');
  });

  it('shows at most 3 page links, with ellipsis gaps', async () => {
    const { unmount } = await openCompanies('/dashboard/company?page=5');
    expect(pageLinks().map((l) => l.textContent)).toEqual(['4', '5', '6']);
    expect(pageLinks()[1]).toHaveAttribute('aria-current', 'page');
    expect(ellipses()).toHaveLength(2);
    unmount();
    await openCompanies('/dashboard/company');
    expect(pageLinks().map((l) => l.textContent)).toEqual(['1', '2', '3']);
    expect(ellipses()).toHaveLength(1);
  });

  it('renders only the current page: the stored page size, 10 by default', async () => {
    await openCompanies('/dashboard/company');
    expect(firstCells()).toHaveLength(10);
  });

  it('takes the page size from the persisted preference; changing it resets to page 1 and drops ?page', async () => {
    uiStore.set({ resultsPerPage: '20' });
    const user = userEvent.setup();
    const { router } = await openCompanies('/dashboard/company?page=2');
    expect(firstCells()).toHaveLength(20);
    expect(firstCells()[0]).toBe('Company 21');

    await user.click(screen.getByRole('combobox', { name: 'Results per page' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10', '20', '30', '40']);
    await user.click(screen.getByRole('option', { name: '40' }));

    await waitFor(() => expect(location(router)).toBe('/dashboard/company'));
    expect(firstCells()).toHaveLength(40);
    expect(firstCells()[0]).toBe('Company 01');
    expect(uiStore.get().resultsPerPage).toBe('40');
    expect(JSON.parse(localStorage.getItem('olympus.ui') ?? '{}')).toMatchObject({ resultsPerPage: '40' });
  });

  it('goes back to page 1 when the search changes', async () => {
    const user = userEvent.setup();
    const { router } = await openCompanies('/dashboard/company?page=3');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '1');
    expect(location(router)).toBe('/dashboard/company');
    expect(firstCells()[0]).toBe('Company 01');
  });

  it('exports the searched and sorted list as CSV', async () => {
    const user = userEvent.setup();
    const { blobs, downloads } = captureCsv();
    await openCompanies('/dashboard/company', [
      companyRow(1, { name: 'Gamma', address_line_1: '3 Road', city: 'York', postcode: 'YO1' }),
      companyRow(2, { name: 'alpha', address_line_1: null, city: 'Leeds', postcode: null }),
      companyRow(3, { name: 'Beta, "the" first', address_line_1: '=HYPERLINK(1)', city: null, postcode: null }),
      companyRow(4, { name: 'Zulu' }),
    ]);
    // "Zulu" has no "a": searched out.
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'a');
    await user.click(within(dataHeaders()[0]).getByRole('button'));
    await user.click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(downloads).toEqual(['companies.csv']);
    const csv = await blobs[0].text();
    expect(csv.split('\n')).toEqual([
      'Company name,Address',
      'alpha,Leeds',
      '"Beta, ""the"" first",\'=HYPERLINK(1)',
      'Gamma,"3 Road, York, YO1"',
    ]);
  });

  it('shows notices in the list and dismisses them with a 0.3 s fade', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    openList('/dashboard/unit', {
      'GET /api/v1/units': listReply([unitRow(1), unitRow(2)]),
      'DELETE /api/v1/units/un-1': { status: 200, body: { data: { message: 'The unit has been deleted' } } },
    });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await user.click(within(screen.getByRole('row', { name: /Unit 1/ })).getByRole('button', { name: 'Remove Unit' }));
    const notice = await screen.findByRole('alert');
    await waitFor(() => expect(notice).toHaveTextContent('The item has been deleted.'));

    await user.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(notice.parentElement).not.toBeNull();
    // Still there, fading out over 300 ms, then gone.
    expect(screen.getByRole('alert').style.transition).toMatch(/opacity 300ms/);
    expect(screen.getByRole('alert').style.opacity).toBe('0');
    await waitForElementToBeRemoved(() => screen.queryByRole('alert'), { timeout: 2000 });
  });
});
