// One CSV cell writer for every CSV the studio and the CLI produce (the pack's difficulty table, the
// CLI's analysis summary). Pure.

/** A text cell a spreadsheet would read as a formula: =, +, -, @, or a tab or carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field. RFC 4180: a field with a comma, a double quote or a line break is put in double
 * quotes, its quotes doubled. Text that a spreadsheet would run as a formula (a level named
 * `=HYPERLINK(…)`) gets a leading apostrophe, the usual guard: the spreadsheet then shows it as text.
 * Numbers are written as they are (a negative number is not a formula).
 */
export function csvField(value: string | number | null): string {
  if (value == null) return '';
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
