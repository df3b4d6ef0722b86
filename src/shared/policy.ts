/**
 * Who may do what: the one policy table. The server enforces it on every request
 * (a route names its action and resource; conditions are checked against the
 * record), and the client reads it to hide what a user may not do.
 * See docs/decisions/004-modules-roles-policies-contracts.md.
 */

export const ROLES = ['owner', 'office', 'crew', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that belong to the company's own people. */
export const STAFF_ROLES = ['owner', 'office', 'crew'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (role: Role): role is StaffRole => (STAFF_ROLES as readonly Role[]).includes(role);

/** How a role may act: always, or only on a record that meets a condition. */
export type Rule =
  | true
  /** The record belongs to the user's own customer company. */
  | 'ownCustomer'
  /** The visit is assigned to the user (crew). */
  | 'assignedToThem';

export type Action = 'list' | 'read' | 'create' | 'update' | 'delete' | 'export' | 'invite';

type Grants = Partial<Record<Role, Rule>>;
const office: Grants = { owner: true, office: true };
const ownerOnly: Grants = { owner: true };

const everyone: Grants = { owner: true, office: true, crew: true, customer: true };
const companyPeople: Grants = { owner: true, office: true, crew: true };

export const POLICY = {
  /** Your own account: who you are, your sign-in. */
  account: { read: everyone },
  /** Your own sessions (signed-in browsers): listed and ended by their user only. */
  session: { list: everyone, delete: everyone },
  /** Your own passkeys (issue 13): the company's people add, rename and remove theirs; owners and office staff must keep one. */
  passkey: { list: companyPeople, create: companyPeople, update: companyPeople, delete: companyPeople },
  /** Your own recovery codes: a new set replaces the old. */
  recoveryCode: { create: companyPeople },
  /** Quote requests from the landing page (anyone may send one; that route is public). */
  quoteRequest: { list: office, read: office, update: office, export: office },
  quoteRequestNote: { list: office, create: office },
  /**
   * A customer's request from the portal (an extra cleanup, a problem report): a customer's users
   * send and follow their own company's; staff work them in the inbox.
   */
  serviceRequest: {
    list: { ...office, customer: 'ownCustomer' },
    create: { customer: 'ownCustomer' },
    update: office,
  },
  /** The console's overview: requests per week and the new count. */
  inboxStats: { read: office },
  customer: { list: office, read: office, create: office, update: office },
  /** A customer company's people who sign in to the portal. */
  /** A customer company's people; staff may also switch one's portal sign-in off (update). */
  customerUser: { create: office, invite: office, update: office },
  property: {
    list: { ...office, customer: 'ownCustomer' },
    read: { ...office, customer: 'ownCustomer' },
    create: office,
    update: office,
    delete: office,
  },
  photo: {
    read: { ...office, customer: 'ownCustomer' },
    create: office,
    /** Its type, caption and taken-on date. */
    update: office,
    delete: office,
  },
  /** The company's own accounts: only owners manage them (invite, change role, disable, reset passkeys). */
  staffUser: { list: ownerOnly, create: ownerOnly, update: ownerOnly },
  /** Recurring work at a property: its recurrence, window, checklist and crew. */
  servicePlan: { list: office, read: office, create: office, update: office },
  /**
   * A visit to a property. Staff plan, move, skip, reassign and correct visits; a crew
   * member sees the visits assigned to them (today and the last week).
   */
  visit: {
    list: { ...office, crew: 'assignedToThem' },
    read: { ...office, crew: 'assignedToThem' },
    create: office,
    update: office,
  },
  /** A customer's user's own choice of service report e-mails (after every visit, weekly, none). */
  reportPreference: { read: { customer: true }, update: { customer: true } },
  /** A visit as proof of service: the history a customer's people see for their own properties. */
  visitRecord: { list: { ...office, customer: 'ownCustomer' }, read: { ...office, customer: 'ownCustomer' } },
  /** A crew member's own work on a visit assigned to them: check in, checklist, photos, site issues, check out. */
  visitWork: { create: { crew: 'assignedToThem' } },
  /** The company's crew members: listed to assign work, invited by the office. */
  crewMember: { list: office, invite: office },
  /** The API's OpenAPI document. */
  apiDocs: { read: office },
  /**
   * The monthly service report (PDF, decision 007) of a property, or of all a customer's
   * properties: staff for any, a customer's users for their own company's.
   */
  serviceReport: { read: { ...office, customer: 'ownCustomer' } },
  /** The signed-in customer's own report across their properties (staff have no company of their own: they use serviceReport). */
  ownServiceReport: { read: { customer: 'ownCustomer' } },
  /**
   * A service agreement (issue 24): what an accepted estimate became. A customer's users see their own
   * company's and cancel a month-to-month one with notice (update); owners and office staff see any in
   * the console (list, read: its prices, the estimate, the signed copy) and change any. Crews see none:
   * they see no prices.
   */
  /** A prospect's free property visit before an estimate (issue 24): the office schedules it from the quote request. */
  assessment: { list: office, create: office },
  agreement: {
    list: { ...office, customer: 'ownCustomer' },
    read: { ...office, customer: 'ownCustomer' },
    update: { ...office, customer: 'ownCustomer' },
  },
  /**
   * The price book (issue 24): the office reads it to write estimates; only owners set prices,
   * add services and retire them. Crews and customers see no prices here.
   */
  priceBookService: { list: office, read: office, create: ownerOnly, update: ownerOnly },
  /** Term discounts and sales-tax rates: the office reads them for estimates; owners change them. */
  billingSettings: { read: office, update: ownerOnly },
  /**
   * Invoices (issue 25): owners and office staff prepare, review and approve them; a customer's
   * users read their own company's; crews see none.
   */
  invoice: { list: { ...office, customer: 'ownCustomer' }, read: { ...office, customer: 'ownCustomer' }, create: office, update: office },
  /**
   * A credit note (issue 25): owners and office staff issue one to correct a sent invoice; a
   * customer's users read their own company's; crews see none.
   */
  creditNote: { read: { ...office, customer: 'ownCustomer' }, create: office },
  /** A statement of account (issue 25) in the console: owners and office staff, for any customer. */
  statement: { read: office },
  /** The signed-in customer's own statement in the portal (staff have no company of their own: they use statement). */
  ownStatement: { read: { customer: 'ownCustomer' } },
  /** The accounting export (issue 25): owners and office staff export invoices, credit notes and payments for QuickBooks or any other tool. */
  accountingExport: { create: office },
  /**
   * Payments (issue 25): owners and office staff record them (by check, ACH, card or cash), apply a
   * customer's credit and delete one recorded by mistake; they read any customer's account. A
   * customer's users see their own company's payments on their statement; crews see none.
   */
  payment: {
    list: { ...office, customer: 'ownCustomer' },
    read: { ...office, customer: 'ownCustomer' },
    create: office,
    update: office,
    delete: office,
  },
  /** A late fee (issue 25): charged by the collections job; owners and office staff waive one (audited). */
  lateFee: { update: office },
  /** The receivables screen (issue 25): aging, days sales outstanding and who owes the most, for owners and office staff. */
  receivables: { read: office },
  /**
   * An estimate (issue 24): the written, priced offer. Owners and office staff write, send, revise
   * and extend it; crews see no prices, and a customer answers theirs through its link, not here.
   */
  estimate: { list: office, read: office, create: office, update: office },
  /**
   * An estimate written for an existing customer (an added property or service), in the portal: a
   * customer's users list, open and answer their own company's (accept, ask for changes, decline), as
   * its link would. Staff have no company of their own and answer none on a customer's behalf.
   */
  ownEstimate: { list: { customer: 'ownCustomer' }, read: { customer: 'ownCustomer' }, update: { customer: 'ownCustomer' } },
  /** The audit log (issue 13): owners read and export it; nobody changes it. */
  auditEvent: { list: ownerOnly, export: ownerOnly },
} as const satisfies Record<string, Partial<Record<Action, Grants>>>;

export type Resource = keyof typeof POLICY;
export type Permission<R extends Resource = Resource> = { [K in R]: { resource: K; action: keyof (typeof POLICY)[K] & Action } }[R];

/** The record a condition is checked against. */
export interface PolicySubject {
  customerId?: string | null;
  assignedUserIds?: readonly string[];
}

/** The acting user, as far as the policy needs to know them. */
export interface PolicyActor {
  id: string;
  role: Role;
  customerId: string | null;
}

function ruleFor(role: Role, action: Action, resource: Resource): Rule | undefined {
  const grants = (POLICY[resource] as Partial<Record<Action, Grants>>)[action];
  return grants?.[role];
}

/** Whether a role may ever do this, conditions aside: what a route's guard checks before loading anything. */
export function roleMay(role: Role, action: Action, resource: Resource): boolean {
  return ruleFor(role, action, resource) !== undefined;
}

/** Whether this user may do this to this record, with the conditions checked. */
export function can(actor: PolicyActor, action: Action, resource: Resource, subject?: PolicySubject): boolean {
  const rule = ruleFor(actor.role, action, resource);
  if (rule === undefined) return false;
  if (rule === true) return true;
  if (!subject) return false;
  if (rule === 'ownCustomer') return actor.customerId !== null && subject.customerId === actor.customerId;
  return subject.assignedUserIds?.includes(actor.id) ?? false;
}

/** Whether a role may open the staff console (the office's screens); crews have their own page. */
export const mayUseConsole = (role: Role) => roleMay(role, 'list', 'quoteRequest');
