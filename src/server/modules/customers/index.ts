/** The customers module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export {
  addCustomerUser,
  becomeCustomer,
  createCustomer,
  customerDetail,
  customerValues,
  findCustomerByEmail,
  insertCustomer,
  insertProspect,
  searchCustomers,
  setCustomer,
  updateCustomer,
} from './customers.service';
