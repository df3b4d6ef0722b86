import type { QueryKey } from '@tanstack/react-query';
import type { AgreementListQuery } from '../../shared/api/agreements';
import type { ServiceRequestListQuery } from '../../shared/api/service-requests';

/**
 * The resources that several features read, each one key family (the first element of every
 * key that reads it). A mutation names the resources it changes (`useRefreshingMutation`'s
 * `changes`), and every query under them, whichever feature's screen holds it, is read again:
 * a property renamed on the customer's page is renamed on the property's page too.
 */
export const resources = {
  properties: ['properties'],
  customers: ['customers'],
  serviceRequests: ['service-requests'],
  quoteRequests: ['quote-requests'],
  /** Visits wherever they are listed: the schedule, a property's visits, a visit's record, the portal's history. */
  visits: ['visits'],
  photos: ['photos'],
  crewMembers: ['crew-members'],
  /** Estimates (issue 24): the console's list, each estimate's page, and a quote request's estimates. */
  estimates: ['estimates'],
  /** The price book's services and the billing settings (term discounts, tax rates): its page, the property form's tax rates. */
  prices: ['prices'],
  /** Service agreements (issue 24): the overview's new ones, a customer's, and each agreement's page. */
  agreements: ['agreements'],
  /** Invoices (issue 25): the console's list and each invoice's page; what a payment or a fee changes. */
  invoices: ['invoices'],
  /** Money owed and paid (issue 25): customers' accounts, payments and the receivables screen. */
  billing: ['billing'],
} as const satisfies Record<string, QueryKey>;

/** Properties: the portal's list of the customer's own, and the console's property page. */
export const propertyKeys = {
  all: resources.properties,
  mine: () => [...resources.properties, 'mine'] as const,
  /** One property's page in the console: its record, plans and location. */
  one: (id: string) => [...resources.properties, 'one', id] as const,
};

/** Customers in the staff console: every change to a customer, its users or properties invalidates `all`. */
export const customerKeys = {
  all: resources.customers,
  list: (q: string) => [...resources.customers, 'list', q] as const,
  detail: (id: string) => [...resources.customers, 'detail', id] as const,
};

/** The customers' requests: the console's list, and a property's own in the portal. */
export const serviceRequestKeys = {
  all: resources.serviceRequests,
  list: (filters: ServiceRequestListQuery) => [...resources.serviceRequests, 'list', filters] as const,
  ofProperty: (propertyId: string) => [...resources.serviceRequests, 'property', propertyId] as const,
};

/** Quote requests: the inbox's lists (features/quote-requests), and one request a customer is made from. */
export const quoteRequestKeys = {
  all: resources.quoteRequests,
  one: (id: string) => [...resources.quoteRequests, 'one', id] as const,
};

/** Visits; each screen that lists them keys its list under `all` (the schedule, a property's visits, the history). */
export const visitKeys = { all: resources.visits };

/** A property's photos are read by the customer's dashboard and the staff console alike. */
export const photoKeys = {
  all: resources.photos,
  ofProperty: (propertyId: string) => [...resources.photos, 'property', propertyId] as const,
};

/** The crew list is read by the property page's plans and by the schedule alike. */
export const crewMemberKeys = { all: resources.crewMembers };

/** Prices (issue 24): the price book, and the billing settings that the property form's sales-tax choices show too. */
export const priceKeys = {
  all: resources.prices,
  priceBook: () => [...resources.prices, 'price-book'] as const,
  billingSettings: () => [...resources.prices, 'billing-settings'] as const,
};

/**
 * Service agreements: the console's lists (the overview's new ones, a customer's) and one agreement.
 * Accepting an estimate makes one, and its first visits change with the schedule: each screen reads them again when it opens.
 */
export const agreementKeys = {
  all: resources.agreements,
  list: (filter: AgreementListQuery) => [...resources.agreements, 'list', filter] as const,
  one: (id: string) => [...resources.agreements, 'one', id] as const,
  /** The portal's list of the signed-in customer's own; accepting an estimate there makes one. */
  mine: () => [...resources.agreements, 'mine'] as const,
};

/** Customers' accounts, their billing details, the invoice settings and receivables (features/billing). */
export const billingKeys = {
  all: resources.billing,
  account: (customerId: string) => [...resources.billing, 'account', customerId] as const,
  customerBilling: (customerId: string) => [...resources.billing, 'customer', customerId] as const,
  settings: () => [...resources.billing, 'settings'] as const,
  receivables: () => [...resources.billing, 'receivables'] as const,
};
