import { describe, expect, it } from 'vitest';
import { SERVICE_OPTIONS } from './constants';
import { quoteRequestFieldErrors, quoteRequestMessages, quoteRequestInputSchema, isValidPhone } from './quote-request-schema';

const valid = {
  name: 'Jane Kowalski',
  email: 'jane@example.com',
  phone: '',
  service: 'Other',
  message: 'Please quote our lot.',
  consent: true,
};
const errorsFor = (input: unknown) => {
  const result = quoteRequestInputSchema.safeParse(input);
  return result.success ? {} : quoteRequestFieldErrors(result.error.issues);
};

describe('quoteRequestInputSchema', () => {
  it('accepts a valid request and trims text', () => {
    const result = quoteRequestInputSchema.safeParse({ ...valid, name: '  Jane Kowalski ' });
    expect(result.success && result.data.name).toBe('Jane Kowalski');
  });

  it('enforces name length 2 to 50 with the spec’s messages', () => {
    expect(errorsFor({ ...valid, name: 'J' })).toEqual({ name: quoteRequestMessages.nameShort });
    expect(errorsFor({ ...valid, name: 'Jo' })).toEqual({});
    expect(errorsFor({ ...valid, name: 'J'.repeat(50) })).toEqual({});
    expect(errorsFor({ ...valid, name: 'J'.repeat(51) })).toEqual({ name: 'Name must be less than 50 characters' });
    expect(quoteRequestMessages.nameShort).toBe('Name must be at least 2 characters');
  });

  it('enforces message length 10 to 500', () => {
    expect(errorsFor({ ...valid, message: 'x'.repeat(9) })).toEqual({ message: 'Message must be at least 10 characters' });
    expect(errorsFor({ ...valid, message: 'x'.repeat(500) })).toEqual({});
    expect(errorsFor({ ...valid, message: 'x'.repeat(501) })).toEqual({ message: 'Message must be less than 500 characters' });
  });

  it('checks the email address', () => {
    expect(errorsFor({ ...valid, email: 'not-an-email' })).toEqual({ email: 'Please enter a valid email address' });
  });

  it('requires one of the seven services', () => {
    expect(SERVICE_OPTIONS).toHaveLength(7);
    expect(errorsFor({ ...valid, service: '' })).toEqual({ service: 'Please select a service' });
    for (const service of SERVICE_OPTIONS) expect(errorsFor({ ...valid, service })).toEqual({});
  });

  it('requires consent to be true', () => {
    expect(errorsFor({ ...valid, consent: false })).toEqual({ consent: 'You must agree to our privacy policy' });
    expect(errorsFor({ ...valid, consent: undefined })).toEqual({ consent: 'You must agree to our privacy policy' });
  });

  it('validates phone numbers after removing spaces, hyphens and parentheses', () => {
    for (const phone of ['(414) 555-0142', '+1 262 555 0187', '4145550142', '+1234567890123456'])
      expect(isValidPhone(phone), phone).toBe(true);
    for (const phone of ['0414 555 0142', '+0123', '414.555.0142', 'call me', '+12345678901234567', ''])
      expect(isValidPhone(phone), phone).toBe(false);
    expect(errorsFor({ ...valid, phone: '' })).toEqual({});
    expect(errorsFor({ ...valid, phone: undefined })).toEqual({});
    expect(errorsFor({ ...valid, phone: 'abc' })).toEqual({ phone: 'Please enter a valid phone number' });
  });

  it('drops unknown fields', () => {
    const result = quoteRequestInputSchema.safeParse({ ...valid, role: 'admin' });
    expect(result.success && 'role' in result.data).toBe(false);
  });
});
