/**
 * A street address named in a quote request's message ("Our lot at 5300 S 76th St, Greendale, WI
 * 53129 needs weekly sweeping"), so the console can fill in the new customer's property. Only a
 * clear address counts: a house number, an optional direction, one to four street-name words that
 * start with a capital or are ordinals ("76th"), and a street type (St, Avenue, Rd…); then, when
 * given, the city (after a comma or "in"), the state and the ZIP code. Anything less is left to staff.
 */
export interface StreetAddress {
  /** "5300 S 76th St" */
  address: string;
  city: string | null;
  /** Two letters, such as WI. */
  state: string | null;
  zipCode: string | null;
}

const STREET_TYPES = [
  'Street',
  'St',
  'Avenue',
  'Ave',
  'Road',
  'Rd',
  'Boulevard',
  'Blvd',
  'Drive',
  'Dr',
  'Lane',
  'Ln',
  'Court',
  'Ct',
  'Parkway',
  'Pkwy',
  'Way',
  'Place',
  'Pl',
  'Highway',
  'Hwy',
  'Circle',
  'Cir',
  'Terrace',
  'Ter',
  'Trail',
  'Trl',
  'Square',
  'Sq',
  'Plaza',
];
const DIRECTION = String.raw`(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)\.?`;
const NAME_WORD = String.raw`(?:[A-Z][A-Za-z'’-]*|\d+(?:st|nd|rd|th))`;
const CITY = String.raw`[A-Z][A-Za-z.'’-]+(?: [A-Z][A-Za-z.'’-]+){0,2}`;

const STATES: Record<string, string> = { wisconsin: 'WI', illinois: 'IL', minnesota: 'MN', michigan: 'MI', iowa: 'IA' };
const STATE = String.raw`(?:[A-Z]{2}|Wisconsin|Illinois|Minnesota|Michigan|Iowa)`;

const ADDRESS_PATTERN = new RegExp(
  String.raw`\b(\d{1,6}[A-Z]?(?: ${DIRECTION})? ${NAME_WORD}(?: ${NAME_WORD}){0,3} (?:${STREET_TYPES.join('|')})\b\.?(?: ${DIRECTION}(?![A-Za-z]))?)` +
    // The city, after a comma or "in"; then the state and ZIP, each optional.
    String.raw`(?:(?:,\s*| in )(${CITY}))?(?:,?\s+(${STATE})\b)?(?:,?\s+(\d{5}(?:-\d{4})?))?`,
);

/** The first clear street address in the text, or null. */
export function findStreetAddress(text: string): StreetAddress | null {
  const match = ADDRESS_PATTERN.exec(text.replace(/\s+/g, ' '));
  if (!match) return null;
  const [, street, cityWords, stateWords, zipCode] = match;
  // "…St, WI 53129": the words after the comma are the state, not a town.
  const cityIsState = !stateWords && cityWords !== undefined && /^[A-Z]{2}$/.test(cityWords);
  const state = cityIsState ? cityWords : stateWords;
  const city = cityIsState ? undefined : cityWords?.replace(/\.$/, '');
  return {
    address: street!.replace(/\.$/, ''),
    city: city || null,
    state: state ? (STATES[state.toLowerCase()] ?? state) : null,
    zipCode: zipCode ?? null,
  };
}
