import fp from 'fastify-plugin';
import { configuredPhotoStorage, photoProcessing, type PhotoStorage } from '../../modules/photos';

export default fp<{ storage?: PhotoStorage }>(
  async (app, options) => {
    photoProcessing.configure(app.config.photoProcessing);
    app.decorate('photoStorage', options.storage ?? (await configuredPhotoStorage(app.config)));
  },
  { name: 'photos', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    photoStorage: PhotoStorage;
  }
}
