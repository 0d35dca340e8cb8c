// Every olympus.* key the shell uses exists in the English catalogue, and fixed texts are verbatim.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AREAS } from '../../contract/access';
import { i18nProvider } from '../../providers/i18nProvider';
import { NAV_AREAS } from '../../src/layout/navItems';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const has = (key: string) => i18nProvider.translate(key) !== key;

describe('English catalogue', () => {
  it('holds every olympus.* key named in src/ and contract/', () => {
    const keys = new Set<string>();
    for (const file of [...sourceFiles('src'), ...sourceFiles('contract')]) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`](olympus\.[a-z_]+(?:\.[a-z_]+)+)['"`]/g))
        keys.add(m[1]);
    }
    for (const area of AREAS) if (area.nav) keys.add(area.nav);
    expect(keys.size).toBeGreaterThan(20);
    // A prefix the code builds keys on (`const T = 'olympus.reports.occupancy'`) is a namespace, not a key.
    const namespace = (k: string) => [...keys].some((other) => other.startsWith(`${k}.`) && has(other));
    expect([...keys].filter((k) => !has(k) && !namespace(k))).toEqual([]);
  });

  it('keeps the fixed texts verbatim', () => {
    const t = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);
    expect(t('olympus.not_found.message')).toBe('Sorry, this page does not exist.');
    expect(t('olympus.not_found.go_to_dashboard')).toBe('Go to Dashboard');
    expect(t('olympus.header.logging_out')).toBe('Logging out');
    expect(t('olympus.dashboard.select_system')).toBe('Select a System below:');
    expect(t('olympus.dashboard.no_systems', { support: 'x' })).toMatch(
      /^You don't have access to any systems currently,/,
    );
    expect(t('olympus.systems.redirecting', { system: 'Everest' })).toBe('Redirecting to Everest...');
    // The navigation's items the product names, whether a page's or a declared resource's list title.
    const navLabel = (key: string) => t(NAV_AREAS.find((a) => a.key === key)?.nav ?? '');
    expect(['home', 'users', 'roles', 'properties', 'companies', 'reports'].map(navLabel)).toEqual([
      'Home',
      'Users',
      'Roles',
      'Properties',
      'Companies',
      'Reports',
    ]);
  });

  it('renders a missing key as itself and reports olympus.* ones', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(i18nProvider.translate('olympus.nope.missing')).toBe('olympus.nope.missing');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('olympus.nope.missing'));
    expect(i18nProvider.translate('A plain server sentence')).toBe('A plain server sentence');
    warn.mockRestore();
  });
});
