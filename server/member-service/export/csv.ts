/** The byte-order mark that makes spreadsheet programs read the file as UTF-8. */
export const BYTE_ORDER_MARK = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (it starts with =, +, -, @, or a tab or carriage
 * return that some programs skip before one) gets a leading apostrophe, so it is shown as text.
 */
function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180 quoting: a cell with a comma, quote or line break is quoted, quotes doubled. */
function quoteCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rows to CSV text (CRLF line ends), every cell neutralised and quoted. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return rows.map((row) => row.map((cell) => quoteCell(neutralizeFormula(cell))).join(',')).join('\r\n') + '\r\n';
}
