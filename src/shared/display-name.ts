/** The parts of a person's name as the users table holds them. */
export interface NameParts {
  firstName: string | null;
  lastName: string | null;
}

/** First and last name, whichever are known, joined: "" when neither is. */
export const fullName = (person: NameParts) => [person.firstName, person.lastName].filter(Boolean).join(' ');

/**
 * How a person is named on screens, in e-mails and PDFs: first and last name, else the
 * e-mail address (everyone has one).
 */
export const displayName = (person: NameParts & { email: string }) => fullName(person) || person.email;
