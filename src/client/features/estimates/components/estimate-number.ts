/** An estimate's number as staff say it: "1001", and "1001 v2" from its first revision on. */
export const estimateNumberText = ({ number, version }: { number: number; version: number }) =>
  version > 1 ? `${number} v${version}` : String(number);
