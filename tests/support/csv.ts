/**
 * Reads back a CSV file the app wrote (RFC 4180: quoted cells, "" for a quote, CRLF lines) as
 * rows keyed by the header's names, so a test checks cells, not string fragments.
 */
export function readCsv(text: string): Array<Record<string, string>> {
  const records: string[][] = [];
  let cell = '';
  let record: string[] = [];
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += char;
  }
  if (cell || record.length) records.push([...record, cell]);
  const [header = [], ...body] = records;
  return body.map((cells) => Object.fromEntries(header.map((name, column) => [name, cells[column] ?? ''])));
}
