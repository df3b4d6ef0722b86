import type { FastifyReply } from 'fastify';

/** Sends a PDF made in memory as a download that no cache keeps (an estimate, its signed copy). */
export function sendPdf(reply: FastifyReply, file: { fileName: string; pdf: Buffer }) {
  return reply
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .type('application/pdf')
    .send(file.pdf);
}
