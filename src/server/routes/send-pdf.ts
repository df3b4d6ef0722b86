import type { FastifyReply } from 'fastify';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema } from '../../shared/api/common';

/** Sends a PDF made in memory as a download that no cache keeps (an estimate, its signed copy). */
export function sendPdf(reply: FastifyReply, file: { fileName: string; pdf: Buffer }) {
  return reply
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .type('application/pdf')
    .send(file.pdf);
}

/**
 * The route options of an agreement's signed copy, in the portal and the console alike: read with
 * the agreement's permission and recorded in the audit log as an export (the PDF carries the
 * signer's name, title, IP and browser).
 */
export const signedCopyRoute = (tags: string[]) => ({
  config: { permission: { action: 'read', resource: 'agreement' }, audit: 'export' } as const,
  schema: {
    tags,
    summary: 'The agreement’s signed estimate, a PDF with its acceptance page, drawn again from the stored evidence',
    params: idParamsSchema,
    response: {
      200: { description: 'The signed copy, a PDF, as an attachment', content: { 'application/pdf': { schema: z.file() } } },
      404: errorBodySchema,
    },
  },
});
