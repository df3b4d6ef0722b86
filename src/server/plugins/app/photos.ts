import path from 'node:path';
import fp from 'fastify-plugin';
import { diskStorage, type PhotoStorage } from '../../modules/photos/photo-store';
import { photoProcessing } from '../../modules/photos/processing-queue';

export default fp<{ storage?: PhotoStorage }>(
  async (app, options) => {
    photoProcessing.configure(app.config.photoProcessing);
    app.decorate('photoStorage', options.storage ?? diskStorage(path.join(app.config.dataDir, 'photos')));
  },
  { name: 'photos', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    photoStorage: PhotoStorage;
  }
}
