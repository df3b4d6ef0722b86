import { describe, expect, it } from 'vitest';
import { VISIT_NOTE_MAX } from '../visits';
import { completeVisitSchema, siteIssueSchema } from './crew';
import { completeVisitFormSchema, siteIssueFormSchema } from './crew-rules';

const at = '2026-11-28T14:00:00.000Z';
const messages = (result: { issues?: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>; message: string }> }) =>
  result.issues?.map((issue) => [issue.path?.[0], issue.message]) ?? [];
const contractMessages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [];

describe('the crew phone’s form schemas say what the server’s contract says', () => {
  const long = 'x'.repeat(VISIT_NOTE_MAX + 1);
  it.each([
    ['no kind', { type: '', note: '' }],
    ['"other" without a note', { type: 'other', note: '   ' }],
    ['a note too long', { type: 'hazard', note: long }],
  ] as const)('site issue, %s: the same field and message', async (_, input) => {
    const phone = messages(await siteIssueFormSchema['~standard'].validate(input));
    expect(phone).toHaveLength(1);
    expect(contractMessages(siteIssueSchema.safeParse({ ...input, type: input.type || undefined, at }))).toEqual(phone);
  });

  it('a good site issue passes both, its note trimmed on the phone', async () => {
    const phone = await siteIssueFormSchema['~standard'].validate({ type: 'hazard', note: ' Broken glass ' });
    expect(phone).toEqual({ value: { type: 'hazard', note: 'Broken glass' } });
    expect(siteIssueSchema.safeParse({ type: 'hazard', note: 'Broken glass', at }).success).toBe(true);
  });

  it('the Finish note: optional, and no longer than the contract allows', async () => {
    expect(await completeVisitFormSchema['~standard'].validate({ note: '' })).toEqual({ value: { note: '' } });
    const phone = messages(await completeVisitFormSchema['~standard'].validate({ note: long }));
    expect(contractMessages(completeVisitSchema.safeParse({ note: long, at }))).toEqual(phone);
  });
});
