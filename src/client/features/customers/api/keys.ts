/** Query keys of the staff console's customers; every change to a customer, its users or properties invalidates `all`. */
export const customerKeys = {
  all: ['customers'] as const,
  list: (q: string) => [...customerKeys.all, 'list', q] as const,
  detail: (id: string) => [...customerKeys.all, 'detail', id] as const,
};
