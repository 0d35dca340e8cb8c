// CSV as an import reads it and its errors file writes it (docs/resources.md "Import"). Reading is
// csv-parse's: RFC 4180 quoting, CRLF or LF, a leading byte-order mark dropped, blank lines no rows,
// cells separated by commas or, as a spreadsheet in a comma-decimal locale saves it, by semicolons.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse, type Options } from 'csv-parse';
import { invalid } from '../errors';
import { IMPORT_BYTES_MAX, IMPORT_ROWS_MAX } from '../../contract/imports';

export const IMPORT_MESSAGES = {
  tooLarge: `The file is larger than ${IMPORT_BYTES_MAX / 1024 / 1024} MB.`,
  notUtf8: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.',
  noHeader: 'The file has no header row: its first line must name the columns.',
  noRows: 'The file has a header row but no rows.',
  tooManyRows: `The file has more than ${IMPORT_ROWS_MAX.toLocaleString('en-GB')} rows. Split it and import each part.`,
  unclosedQuote: 'The file ends inside a quoted cell: a double quote is missing.',
  notCsv: (line: number) => `The file is not CSV the import can read (line ${line}). Save it as "CSV UTF-8" and try again.`,
};

/** The separator of `text`: a semicolon when its header line holds more of them than commas. */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** Text fed to the parser at a time: between two, the server answers other requests (a 100 000-row file takes ~0.6 s to read). */
const CHUNK = 256 * 1024;

async function* chunksOf(text: string): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += CHUNK) {
    yield text.slice(at, at + CHUNK);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The rows of `text` (the header first), each a list of cells; refused once past `maxRows` data rows. */
export async function parseCsv(text: string, maxRows = IMPORT_ROWS_MAX): Promise<string[][]> {
  const options: Options = {
    bom: true,
    delimiter: delimiterOf(text),
    skip_empty_lines: true,
    // A row may be short or long (the import names the missing cells), and a quote inside an unquoted
    // cell is text, as spreadsheets write it.
    relax_column_count: true,
    relax_quotes: true,
  };
  const rows: string[][] = [];
  try {
    // The stream takes the text a chunk at a time, with a turn of the event loop between two.
    await pipeline(Readable.from(chunksOf(text)), parse(options), async (parsed: AsyncIterable<string[]>) => {
      for await (const row of parsed) {
        rows.push(row);
        // One row past the limit is enough to refuse the file without reading all of it.
        if (rows.length > maxRows + 1) throw invalid({ file: [IMPORT_MESSAGES.tooManyRows] });
      }
    });
  } catch (err) {
    if (err instanceof CsvError && err.code === 'CSV_QUOTE_NOT_CLOSED') throw invalid({ file: [IMPORT_MESSAGES.unclosedQuote] });
    if (err instanceof CsvError) throw invalid({ file: [IMPORT_MESSAGES.notCsv(Number((err as CsvError & { lines?: number }).lines ?? 1))] });
    throw err;
  }
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
export async function readFile(text: string): Promise<string[][]> {
  const rows = await parseCsv(text);
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
