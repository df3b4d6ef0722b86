/** multipart/form-data bodies as a browser's FormData sends them, for upload tests. */

export const MULTIPART_BOUNDARY = '----lakeshore-test-boundary';
export const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` };

export interface FilePart {
  name: string;
  type: string;
  data: Buffer;
}

/**
 * The bytes before and after a file's data: the text fields, then the file part's
 * headers; latin1 keeps every byte of a hostile file name (NUL included) as written.
 */
export function multipartParts(fields: Record<string, string>, file: Omit<FilePart, 'data'>): { head: Buffer; tail: Buffer } {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  return { head: Buffer.from(parts.join(''), 'latin1'), tail: Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`) };
}

/** A whole multipart body with fields and one file, and its Content-Type header. */
export function multipart(fields: Record<string, string>, file: FilePart) {
  const { head, tail } = multipartParts(fields, file);
  return { payload: Buffer.concat([head, file.data, tail]), headers: multipartHeaders };
}

/** A multipart body with text fields and any number of files, each part named `fileField`. */
export function multipartFiles(fields: Record<string, string>, files: FilePart[], fileField = 'file') {
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        'latin1',
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), headers: multipartHeaders };
}
