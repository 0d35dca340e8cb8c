// CSV as an import reads it and its errors file writes it (docs/resources.md "Import"). Reading is
// csv-parse's: RFC 4180 quoting, CRLF or LF, a leading byte-order mark dropped, blank lines no rows,
// cells separated by commas or, as a spreadsheet in a comma-decimal locale saves it, by semicolons.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse, type Options } from 'csv-parse';
import { invalid } from '../errors';
import { IMPORT_BYTES_MAX, IMPORT_ROWS_MAX, importColumns } from '../../contract/imports';
import type { ResourceDecl } from '../../contract/resources/declare';

export const IMPORT_MESSAGES = {
  tooLarge: `The file is larger than ${IMPORT_BYTES_MAX / 1024 / 1024} MB.`,
  notUtf8: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.',
  noHeader: 'The file has no header row: its first line must name the columns.',
  noRows: 'The file has a header row but no rows.',
  tooManyRows: `The file has more than ${IMPORT_ROWS_MAX.toLocaleString('en-GB')} rows. Split it and import each part.`,
  unclosedQuote: 'The file ends inside a quoted cell: a double quote is missing.',
  notCsv: (line: number) =>
    `The file is not CSV the import can read (line ${line}). Save it as "CSV UTF-8" and try again.`,
  tooManyColumns: (count: number, max: number) =>
    `The file's header has ${count.toLocaleString('en-GB')} columns; ` +
    `an import of these records reads at most ${max}. Remove the columns it does not need and try again.`,
};

/**
 * The most columns a file of the resource's may have: twice its importable fields plus a margin, so a
 * spreadsheet's extra columns (an export's ids and dates, notes) still fit, while a header of millions
 * of columns, which every row would be walked against, is refused before anything else is read.
 */
export const maxColumnsOf = (decl: Pick<ResourceDecl, 'fields'>): number => 2 * importColumns(decl).length + 20;

/** How many times `c` occurs in `text`, without splitting it (a header line may be megabytes long). */
function occurrences(text: string, c: string): number {
  let n = 0;
  for (let at = text.indexOf(c); at !== -1; at = text.indexOf(c, at + 1)) n++;
  return n;
}

/** The separator of `text`: a semicolon when its header line holds more of them than commas. */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return occurrences(header, ';') > occurrences(header, ',') ? ';' : ',';
}

/** Text fed to the parser at a time: between two, the server answers other requests (a 100 000-row file takes ~0.6 s to
 * read). */
const CHUNK = 256 * 1024;

async function* chunksOf(text: string): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += CHUNK) {
    yield text.slice(at, at + CHUNK);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const parseOptions = (text: string, maxColumns: number): Options => ({
  bom: true,
  delimiter: delimiterOf(text),
  skip_empty_lines: true,
  // A row may be short or long (the import names the missing cells), and a quote inside an unquoted
  // cell is text, as spreadsheets write it.
  relax_column_count: true,
  relax_quotes: true,
  // Cells past the limit are left in one last cell instead of millions of small ones; no column of
  // the header is that far, so nothing read is lost.
  ignore_last_delimiters: maxColumns + 1,
});

/** csv-parse's refusals as the 422s an import answers; anything else as it was thrown. */
function csvRefusal(err: unknown): unknown {
  if (!(err instanceof CsvError)) return err;
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') return invalid({ file: [IMPORT_MESSAGES.unclosedQuote] });
  const line = Number((err as CsvError & { lines?: number }).lines ?? 1);
  return invalid({ file: [IMPORT_MESSAGES.notCsv(line)] });
}

/**
 * The columns of the header line, counted without building them: quotes respected, leading blank
 * lines skipped as the parser skips them. A plain loop: csv-parse takes seconds over a header of
 * millions of cells, this ~50 ms for 8 MB.
 */
function headerColumnCount(text: string, delimiter: string): number {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (at < text.length && (text[at] === '\n' || text[at] === '\r')) at++;
  let count = 1;
  let quoted = false;
  let cellStart = true;
  for (; at < text.length; at++) {
    const c = text[at];
    if (quoted) {
      // A doubled quote is one quote of the text; a single one closes the cell.
      if (c === '"' && text[at + 1] === '"') at++;
      else if (c === '"') quoted = false;
      continue;
    }
    if (c === delimiter) count++;
    else if (c === '\n' || c === '\r') break;
    // Only a quote opening a cell quotes it (one inside an unquoted cell is text, as the parser reads it).
    else if (c === '"' && cellStart) quoted = true;
    cellStart = c === delimiter;
  }
  return count;
}

/** Refuses (422, naming the count) a header line of more than `maxColumns` columns, before any parsing. */
function refuseWideHeader(text: string, delimiter: string, maxColumns: number): void {
  const columns = headerColumnCount(text, delimiter);
  if (columns > maxColumns) throw invalid({ file: [IMPORT_MESSAGES.tooManyColumns(columns, maxColumns)] });
}

/**
 * The header row of `text`: refused (422, naming the count) past `maxColumns` columns, else read by
 * the parser's stream, stopped once that line is over. An empty file answers an empty header.
 */
export async function readHeader(text: string, maxColumns: number): Promise<string[]> {
  const options = parseOptions(text, maxColumns);
  refuseWideHeader(text, String(options.delimiter), maxColumns);
  // An array, not a `let`: assigned inside the stream's callback, which narrowing does not follow.
  const first: string[][] = [];
  try {
    await pipeline(Readable.from(chunksOf(text)), parse(options), async (parsed: AsyncIterable<string[]>) => {
      // The first record is the header: leaving the loop ends the pipeline, the rest unread.
      for await (const row of parsed) {
        first.push(row);
        break;
      }
    });
  } catch (err) {
    // Leaving the loop early aborts the stream behind it: that is the point, not a failure.
    if (first.length === 0) throw csvRefusal(err);
  }
  return first[0] ?? [];
}

/**
 * The rows of `text` (the header first), each a list of cells, a data row's cells cut to the header's
 * columns (the ones past it fill nothing); refused once past `maxRows` data rows or `maxColumns` columns.
 */
export async function parseCsv(text: string, maxColumns: number, maxRows = IMPORT_ROWS_MAX): Promise<string[][]> {
  const options = parseOptions(text, maxColumns);
  refuseWideHeader(text, String(options.delimiter), maxColumns);
  const rows: string[][] = [];
  try {
    // The stream takes the text a chunk at a time, with a turn of the event loop between two.
    await pipeline(Readable.from(chunksOf(text)), parse(options), async (parsed: AsyncIterable<string[]>) => {
      for await (const row of parsed) {
        if (rows.length > 0 && row.length > rows[0].length) row.length = rows[0].length;
        rows.push(row);
        // One row past the limit is enough to refuse the file without reading all of it.
        if (rows.length > maxRows + 1) throw invalid({ file: [IMPORT_MESSAGES.tooManyRows] });
      }
    });
  } catch (err) {
    throw csvRefusal(err);
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

/** Checks a file as the request can: a header, not too wide, some rows, not too many; answers its rows. */
export async function readFile(text: string, maxColumns: number): Promise<string[][]> {
  const rows = await parseCsv(text, maxColumns);
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
export const importedCell = (text: string): string =>
  text.startsWith("'") && FORMULA.test(text.slice(1)) ? text.slice(1) : text;

/** One CSV line (CRLF-ended), each cell quoted where it must be. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((c) => (/[",\r\n]/.test(c) || c !== c.trim() ? `"${c.replace(/"/g, '""')}"` : c)).join(',') + '\r\n';
}
