/** The customers module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export {
  addCustomerUser,
  createCustomer,
  customerDetail,
  customerValues,
  findCustomerByEmail,
  insertCustomer,
  searchCustomers,
  setCustomer,
  updateCustomer,
} from './customers.service';
