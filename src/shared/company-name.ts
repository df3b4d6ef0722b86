/**
 * The company's name, apart from the rest of its identity (company.ts), for the screens that show
 * only the name: the crew page, whose first load has no room for the company's phones, e-mails
 * and mailing address.
 */
export const companyName = 'Lakeshore Lot Care';
