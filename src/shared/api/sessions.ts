import { z } from 'zod/mini';

/** One of your signed-in browsers, as "Your sessions" lists it. */
export const accountSessionSchema = z.object({
  /** Names the session here; the cookie's id never leaves the browser. */
  id: z.string(),
  current: z.boolean(),
  device: z.string(),
  ip: z.string(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
