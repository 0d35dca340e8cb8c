// How one session reads: "Chrome on Linux", its address, and its times in the reader's locale.
import type { TranslateFunction } from 'ra-core';
import type { SessionView } from './sessionsApi';

export function deviceLabel(s: Pick<SessionView, 'browser' | 'os'>, translate: TranslateFunction): string {
  if (s.browser && s.os) return translate('olympus.account.sessions.browser_on_os', { browser: s.browser, os: s.os });
  if (s.browser) return s.browser;
  if (s.os)
    return translate('olympus.account.sessions.browser_on_os', {
      browser: translate('olympus.account.sessions.unknown_browser'),
      os: s.os,
    });
  return translate('olympus.account.sessions.unknown_device');
}

/** "24 Nov 2026, 03:29" (the browser's own locale and time zone); the raw text when unparsable. */
export { dateTimeText as when } from '../../lists/dateTimeText';
