/**
 * The business identity in one place: change a phone number, the support or
 * mailing address here (the name in company-name.ts) and the landing page,
 * footer, structured data, e-mails and billing PDFs all follow.
 */
import { companyName } from './company-name';

export const company = {
  name: companyName,
  shortName: 'Lakeshore',
  tagline: 'Commercial lot cleaning & litter removal',
  legalNote: 'Licensed, bonded & insured in Wisconsin',
  /** The main line, shown in the header and footer. */
  phone: { display: '(414) 555-0142', href: 'tel:+14145550142' },
  /** The sales line, shown in the closing call-to-action (a placeholder until the line is live). */
  salesPhone: { display: '(262) 555-0187', href: 'tel:+12625550187' },
  supportEmail: 'service@lakeshorelotcare.com',
  /** The sender of automatic e-mails such as sign-in links. */
  noReplyEmail: 'no-reply@lakeshorelotcare.com',
  region: 'Milwaukee and Waukesha counties, Wisconsin',
  /**
   * The mailing address: where customers send checks (the invoices' and statements' "how to pay")
   * and what the structured data gives. The street is a placeholder in Walker's Point until the
   * real remit-to address is set here.
   */
  address: { streetAddress: '2210 S. 1st Street', locality: 'Milwaukee', region: 'WI', postalCode: '53204', country: 'US' },
  /**
   * The company's public profiles. The footer shows an icon only for a network whose URL is
   * set here, and hides the row when none is: a placeholder link that goes nowhere is worse
   * than no link. Set the real profile URL (https://…) when a profile goes live.
   */
  social: [
    { name: 'Facebook', href: null },
    { name: 'LinkedIn', href: null },
    { name: 'Instagram', href: null },
  ] satisfies SocialProfile[] as SocialProfile[],
} as const;

export interface SocialProfile {
  name: 'Facebook' | 'LinkedIn' | 'Instagram';
  /** The profile's full URL, or null while the company has none on that network. */
  href: string | null;
}

/** Opening hours, as shown in the footer and in structured data. */
export const businessHours = [
  {
    days: 'Mon-Fri',
    label: 'Monday to Friday',
    opens: '07:00',
    closes: '18:00',
    display: '7:00 AM-6:00 PM',
    schemaDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  },
  { days: 'Sat', label: 'Saturday', opens: '08:00', closes: '14:00', display: '8:00 AM-2:00 PM', schemaDays: ['Saturday'] },
  { days: 'Sun', label: 'Sunday', opens: null, closes: null, display: 'Closed', schemaDays: ['Sunday'] },
] as const;
