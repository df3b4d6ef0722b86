import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { showServerErrors } from './use-schema-form';

const answer = (errors: Record<string, string>) =>
  new ApiError(400, JSON.stringify({ message: Object.values(errors).join('; '), errors }), 'Bad Request');

describe('a 400 answer’s field errors on a form', () => {
  const values = { companyName: 'Bayview Plaza', properties: [{ name: 'Annex', lines: [{ unitPriceCents: '85' }] }] };

  it('land on nested fields by their dotted path, the first focused', () => {
    const setError = vi.fn();
    showServerErrors(
      { setError, getValues: () => values } as never,
      answer({ 'properties.0.lines.0.unitPriceCents': 'Too much', companyName: 'Taken' }),
    );
    expect(setError.mock.calls).toEqual([
      ['properties.0.lines.0.unitPriceCents', { type: 'server', message: 'Too much' }, { shouldFocus: true }],
      ['companyName', { type: 'server', message: 'Taken' }, { shouldFocus: false }],
    ]);
  });

  it('say the whole message for the form when no field of it is named (an unknown path, an inherited name)', () => {
    const setError = vi.fn();
    showServerErrors({ setError, getValues: () => values } as never, answer({ 'properties.3.name': 'No such property', constructor: 'x' }));
    expect(setError.mock.calls).toEqual([['root.server', { type: 'server', message: 'No such property; x' }]]);
  });
});
