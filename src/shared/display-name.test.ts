import { describe, expect, it } from 'vitest';
import { displayName, fullName } from './display-name';

describe('a person’s name', () => {
  it('is first and last name, whichever are known, else the e-mail', () => {
    expect(displayName({ firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com' })).toBe('Ana Ruiz');
    expect(displayName({ firstName: 'Ana', lastName: null, email: 'ana@example.com' })).toBe('Ana');
    expect(displayName({ firstName: null, lastName: 'Ruiz', email: 'ana@example.com' })).toBe('Ruiz');
    expect(displayName({ firstName: '', lastName: null, email: 'ana@example.com' })).toBe('ana@example.com');
    expect(fullName({ firstName: null, lastName: null })).toBe('');
  });
});
