import { usePropertyPhotos } from '../../../api/get-property-photos';
import { useRoleMay } from '../../../api/get-auth-user';
import { readableError } from '../../../lib/api-client';
import { useDeletePhoto } from '../api/delete-photo';
import { PhotoCard } from './photo-card';
import { PhotoUploader } from './photo-uploader';

/** A property's photos in the console: the upload queue, and each stored photo with its edit and delete. */
export function PhotoManager({ propertyId, propertyName }: { propertyId: string; propertyName: string }) {
  const photos = usePropertyPhotos(propertyId);
  const remove = useDeletePhoto();
  const mayUpload = useRoleMay('create', 'photo');
  const mayUpdate = useRoleMay('update', 'photo');
  const mayDelete = useRoleMay('delete', 'photo');

  return (
    <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h4 className="text-sm font-semibold text-slate-900 dark:text-white">Photos</h4>
      {mayUpload ? <PhotoUploader propertyId={propertyId} propertyName={propertyName} /> : null}

      {photos.data?.length ? (
        <ul aria-label={`Photos of ${propertyName}`} className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {photos.data.map((photo) => (
            <PhotoCard
              key={photo.id}
              photo={photo}
              propertyId={propertyId}
              mayUpdate={mayUpdate}
              mayDelete={mayDelete}
              onDelete={() =>
                window.confirm('Delete this photo? The customer will no longer see it.') && remove.mutate({ photoId: photo.id, propertyId })
              }
            />
          ))}
        </ul>
      ) : photos.data ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No photos yet.</p>
      ) : null}
      {remove.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {readableError(remove.error)}
        </p>
      ) : null}
    </div>
  );
}
