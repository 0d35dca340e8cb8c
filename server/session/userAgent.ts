// "Chrome on Linux" from a User-Agent header, for the list of signed-in sessions.
//
// Why a small parser and not a library: all we show is a browser family and an OS family, for the
// handful of browsers staff use. ua-parser-js 2.x is AGPL-3.0 (1.x is in maintenance only) and
// bowser ships a large rule set and a bundle we would only use 1 % of; both would be a new runtime
// dependency for one label. The order of the checks below matters: Chromium-based browsers also
// claim "Chrome" and "Safari", and Chrome also claims "Safari", so the most specific token wins.

export interface ParsedAgent {
  /** Browser family, or null when unknown. */
  browser: string | null;
  /** Operating system family, or null when unknown. */
  os: string | null;
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMobile\/\w+.*\bSafari\//, 'Safari'],
  [/\b(?:MSIE |Trident\/)/, 'Internet Explorer'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  // iPadOS 13+ desktop mode says "Macintosh"; it cannot be told apart from a Mac by the header alone.
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (ua: string, rules: ReadonlyArray<[RegExp, string]>): string | null =>
  rules.find(([re]) => re.test(ua))?.[1] ?? null;

export function parseUserAgent(ua: string | null | undefined): ParsedAgent {
  if (!ua) return { browser: null, os: null };
  // A headless Chrome is still Chrome to the person reading the list.
  const text = ua.replace(/HeadlessChrome\//, 'Chrome/');
  return { browser: first(text, BROWSERS), os: first(text, SYSTEMS) };
}
