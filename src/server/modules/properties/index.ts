/** The properties module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export {
  createProperty,
  deleteProperty,
  findPropertyByName,
  insertProperty,
  propertiesOfCustomer,
  propertyOwner,
  propertyValues,
  setProperty,
  setPropertyPoNumber,
  updateProperty,
} from './properties.service';
export type { PropertyBilling } from './properties.service';
