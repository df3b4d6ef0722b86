/** The properties module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export {
  consolePropertiesOfCustomer,
  createProperty,
  deleteProperty,
  findPropertyByName,
  insertProperty,
  propertiesOfCustomer,
  propertyOwner,
  propertyValues,
  setProperty,
  taxJurisdictionOf,
  updateProperty,
} from './properties.service';
