/** The pricing module's public surface (issue 24): the price book, the billing settings and the tax rate of a jurisdiction. */
export {
  createPriceBookService,
  listPriceBookServices,
  priceBookService,
  restorePriceBookService,
  retirePriceBookService,
  updatePriceBookService,
} from './price-book';
export {
  getBillingSettings,
  getInvoiceSettings,
  settingsRow as billingSettingsRow,
  taxRateFor,
  updateBillingSettings,
} from './billing-settings';
export type { InvoiceSettings } from './billing-settings';
