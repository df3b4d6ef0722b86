/** The estimate page's query keys: one estimate, by its link's token and the version asked for (none: the link's own). */
export const estimateKeys = {
  all: ['estimate'] as const,
  one: (token: string, version: string | null) => ['estimate', token, version ?? 'link'] as const,
};
