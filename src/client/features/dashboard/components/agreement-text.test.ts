import { describe, expect, it } from 'vitest';
import type { Agreement } from '../../../../shared/api/estimates';
import { agreementDates, agreementTotals, listText, mayCancel, moneyText, termText } from './agreement-text';

const TODAY = '2026-05-04';

/** A 12-month agreement at two properties: a twice-weekly sweep, taxable landscaping and a one-time cleanup. */
const agreement: Agreement = {
  id: 'a1',
  customerId: 'c1',
  estimateId: 'e1',
  estimateNumber: 1002,
  term: '12-months',
  discountBp: 1000,
  startDate: '2026-05-05',
  termEndDate: '2027-05-04',
  renewsOn: '2027-05-05',
  status: 'active',
  endsOn: null,
  signedPdfUrl: '/api/portal/agreements/a1/signed-pdf',
  properties: [
    { id: 'p1', name: 'Plaza A', address: '200 Oak Ave', city: 'West Allis', state: 'WI', zipCode: '53214', poNumber: null },
    {
      id: 'p2',
      name: 'Greenfield Station',
      address: '4800 S 76th St',
      city: 'Greenfield',
      state: 'WI',
      zipCode: '53220',
      poNumber: 'GS-7',
    },
  ],
  lines: [
    line('l1', 'p1', { unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=MO,TH' }),
    line('l2', 'p2', { unitPriceCents: 6000, rrule: 'FREQ=WEEKLY;BYDAY=FR', taxClass: 'taxable' }),
    line('l3', 'p2', { unit: 'once', unitPriceCents: 35000, rrule: null }),
  ],
};

function line(id: string, propertyId: string, values: Partial<Agreement['lines'][number]>): Agreement['lines'][number] {
  return {
    id,
    propertyId,
    propertyName: propertyId === 'p1' ? 'Plaza A' : 'Greenfield Station',
    name: 'Parking Lot Cleaning',
    unit: 'visit',
    unitPriceCents: 0,
    taxClass: 'exempt',
    taxRateBp: 590,
    frequency: 'Every Monday and Thursday',
    rrule: null,
    planId: null,
    ...values,
  };
}

describe('an agreement in words', () => {
  it('lists names as people write them', () => {
    expect(listText([])).toBe('');
    expect(listText(['Plaza A'])).toBe('Plaza A');
    expect(listText(['Plaza A', 'Plaza B'])).toBe('Plaza A and Plaza B');
    expect(listText(['Plaza A', 'Plaza B', 'Greenfield Station'])).toBe('Plaza A, Plaza B and Greenfield Station');
  });

  it('says the term with its discount', () => {
    expect(termText(agreement)).toBe('12 months, 10% off recurring service');
    expect(termText({ term: 'month-to-month', discountBp: 0 })).toBe('Month-to-month');
  });

  it('gives a fixed term its last day and its renewal month to month', () => {
    expect(agreementDates(agreement, TODAY)).toEqual([
      ['Starts', 'May 5, 2026'],
      ['Runs through', 'May 4, 2027'],
      ['Then', 'Renews month-to-month on May 5, 2027, unless either of us ends it'],
    ]);
    expect(mayCancel(agreement, TODAY)).toBe(false);
    // Past its last day it runs month to month, and may be cancelled like one.
    const later = '2027-06-01';
    expect(agreementDates(agreement, later).slice(1)).toEqual([
      ['Term ended', 'May 4, 2027'],
      ['Renews', 'Month to month, until either of us gives 30 days’ notice'],
    ]);
    expect(mayCancel(agreement, later)).toBe(true);
  });

  it('says when a month-to-month agreement renews, and when one given notice ends', () => {
    const monthly: Agreement = { ...agreement, term: 'month-to-month', discountBp: 0, termEndDate: null, renewsOn: null };
    expect(agreementDates(monthly, TODAY).at(-1)).toEqual(['Renews', 'Every month, until either of us gives 30 days’ notice']);
    expect(mayCancel(monthly, TODAY)).toBe(true);
    const ending: Agreement = { ...monthly, status: 'ending', endsOn: '2026-06-03', renewsOn: '2026-06-03' };
    expect(agreementDates(ending, TODAY).at(-1)).toEqual(['Service ends', 'Wednesday, June 3, 2026']);
    expect(mayCancel(ending, TODAY)).toBe(false);
    expect(agreementDates({ ...ending, status: 'ended' }, '2026-07-01').at(-1)).toEqual(['Ended', 'Jun 3, 2026']);
  });

  it('works out the months and the one-time work to the cent, with the discount and the tax of taxable work only', () => {
    const totals = agreementTotals(agreement);
    // Plaza A: $85 twice a week, 2 × 1461/336 visits a month = $739.1964… → $739.20, less 10 % ($73.92); no tax.
    expect(totals.properties[0]).toMatchObject({
      monthlyCents: 73920,
      monthlyDiscountCents: 7392,
      monthlyTaxCents: 0,
      monthlyTotalCents: 66528,
    });
    // Greenfield: $60 on Fridays, 1461/336 a month = $260.8928… → $260.89, less $26.09; 5.9 % tax on $234.80 = $13.85.
    // The one-time cleanup ($350) is not discounted, and cleaning is not taxed.
    expect(totals.properties[1]).toMatchObject({
      monthlyCents: 26089,
      monthlyDiscountCents: 2609,
      monthlyTaxCents: 1385,
      monthlyTotalCents: 24865,
      oneTimeTotalCents: 35000,
    });
    expect(totals.monthlyTotalCents).toBe(66528 + 24865);
    expect(moneyText(totals.properties[0]!, agreement.discountBp)).toBe('About $665.28 a month after the discount; cleaning is not taxed');
    expect(moneyText(totals.properties[1]!, agreement.discountBp)).toBe(
      'About $248.65 a month after the discount, plus $350.00 one time, with sales tax',
    );
    expect(moneyText(totals, 0)).toBe('About $913.93 a month, plus $350.00 one time, with sales tax');
  });
});
