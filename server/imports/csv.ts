// CSV as an import reads it and its errors file writes it (docs/resources.md "Import"): RFC 4180 —
// fields separated by commas, quoted with double quotes (a quote inside doubled), rows ended by CRLF or
// LF, a leading byte-order mark dropped. Blank lines are no rows.
import { invalid } from '../errors';
import { IMPORT_BYTES_MAX, IMPORT_ROWS_MAX } from '../../contract/imports';

export const IMPORT_MESSAGES = {
  tooLarge: `The file is larger than ${IMPORT_BYTES_MAX / 1024 / 1024} MB.`,
  notUtf8: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.',
  noHeader: 'The file has no header row: its first line must name the columns.',
  noRows: 'The file has a header row but no rows.',
  tooManyRows: `The file has more than ${IMPORT_ROWS_MAX.toLocaleString('en-GB')} rows. Split it and import each part.`,
  unclosedQuote: 'The file ends inside a quoted cell: a double quote is missing.',
};

/** The rows of `text` (the header first), each a list of cells; stops counting once past `maxRows` data rows. */
export function parseCsv(text: string, maxRows = IMPORT_ROWS_MAX): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(cell);
    cell = '';
    // A blank line is no row.
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
    if (rows.length > maxRows + 1) throw invalid({ file: [IMPORT_MESSAGES.tooManyRows] });
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else cell += c;
  }
  if (quoted) throw invalid({ file: [IMPORT_MESSAGES.unclosedQuote] });
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** The file's bytes as text: refused (422) when not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid({ file: [IMPORT_MESSAGES.notUtf8] });
  }
}

/** Checks a file as the request can: a header, some rows, not too many; answers its rows. */
export function readFile(text: string): string[][] {
  const rows = parseCsv(text);
  if (rows.length === 0 || rows[0].every((h) => h.trim() === '')) throw invalid({ file: [IMPORT_MESSAGES.noHeader] });
  if (rows.length === 1) throw invalid({ file: [IMPORT_MESSAGES.noRows] });
  return rows;
}

// A cell a spreadsheet would run as a formula (OWASP CSV injection) is written with a leading quote,
// as the lists' CSV export writes it (src/lists/csvExport.ts); an import takes that quote off again.
const FORMULA = /^[=+\-@\t\r]/;
const isNumber = (text: string) => /^-?\d+(\.\d+)?$/.test(text);

/** A cell as a file the server writes holds it: kept as text where a spreadsheet would run it. */
export const safeCell = (text: string): string => (FORMULA.test(text) && !isNumber(text) ? `'${text}` : text);

/** A cell as imported: the quote an export put in front of a formula-like text taken off; the text kept as it is. */
export const importedCell = (text: string): string => (text.startsWith("'") && FORMULA.test(text.slice(1)) ? text.slice(1) : text);

/** One CSV line (CRLF-ended), each cell quoted where it must be. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((c) => (/[",\r\n]/.test(c) || c !== c.trim() ? `"${c.replace(/"/g, '""')}"` : c)).join(',') + '\r\n';
}
