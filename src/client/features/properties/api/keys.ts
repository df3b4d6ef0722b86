/** Query keys of the property page; every change to a plan or a location invalidates the property's `property(id)`. */
export const planKeys = {
  all: ['plans'] as const,
  property: (id: string) => [...planKeys.all, 'property', id] as const,
  detail: (id: string) => [...planKeys.property(id), 'detail'] as const,
  visits: (id: string) => [...planKeys.property(id), 'visits'] as const,
};
