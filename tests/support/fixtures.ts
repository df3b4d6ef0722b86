import sharp from 'sharp';
import type { Db } from '../../src/server/db/database';
import { customers, properties, users } from '../../src/server/db/schema';
import { addPhoto } from '../../src/server/modules/photos/add-photo';
import type { PhotoStorage } from '../../src/server/modules/photos/photo-store';

/** A small real JPEG, drawn by sharp; `exif` adds metadata (GPS included) to check that it is stripped. */
export async function makeJpeg(
  options: { width?: number; height?: number; color?: string; exif?: Record<string, Record<string, string>> } = {},
) {
  const image = sharp({
    create: { width: options.width ?? 640, height: options.height ?? 480, channels: 3, background: options.color ?? '#3b93f6' },
  }).jpeg();
  return (options.exif ? image.withExif(options.exif) : image).toBuffer();
}

export interface PortalFixture {
  customerA: { id: string; userEmail: string; propertyId: string; photoId: string };
  customerB: { id: string; userEmail: string; propertyId: string; photoId: string };
  staffEmail: string;
}

/** Two customers with a property and a photo each, and one staff user. */
export async function seedPortal(db: Db, storage: PhotoStorage): Promise<PortalFixture> {
  const made = [];
  for (const [key, color] of [
    ['a', '#22a06b'],
    ['b', '#e11d48'],
  ] as const) {
    const [customer] = await db
      .insert(customers)
      .values({
        name: `Customer ${key.toUpperCase()} Properties`,
        email: `office-${key}@example.com`,
        phone: '(414) 555-0100',
        address: '100 Main St, Milwaukee, WI',
      })
      .returning();
    await db.insert(users).values({
      email: `manager-${key}@example.com`,
      firstName: `Manager${key.toUpperCase()}`,
      lastName: 'Test',
      role: 'customer',
      customerId: customer!.id,
    });
    const [property] = await db
      .insert(properties)
      .values({
        customerId: customer!.id,
        name: `Plaza ${key.toUpperCase()}`,
        address: '200 Oak Ave',
        city: 'West Allis',
        state: 'WI',
        zipCode: '53214',
        propertyType: 'Retail Center',
      })
      .returning();
    const photo = await addPhoto(db, storage, {
      propertyId: property!.id,
      data: await makeJpeg({ color }),
      caption: `Lot ${key}`,
      photoType: 'before',
    });
    made.push({ id: customer!.id, userEmail: `manager-${key}@example.com`, propertyId: property!.id, photoId: photo.id });
  }
  await db.insert(users).values({ email: 'crew@lakeshorelotcare.com', firstName: 'Sam', lastName: 'Staff', role: 'owner' });
  return { customerA: made[0]!, customerB: made[1]!, staffEmail: 'crew@lakeshorelotcare.com' };
}

/** A quote request that passes every rule of the form. */
export const validContact = {
  name: 'Jane Kowalski',
  email: 'jane@southridgeplaza.com',
  phone: '(414) 555-0199',
  service: 'Parking Lot Cleaning',
  message: 'Our 200-stall lot in Greenfield needs cleaning twice a week.',
  consent: true,
} as const;
