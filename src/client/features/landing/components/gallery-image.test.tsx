// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { galleryProjects } from '../../../content/gallery';
import { GalleryImage } from './gallery-image';

describe('GalleryImage', () => {
  afterEach(cleanup);

  it('shows the image when there is one', () => {
    render(<GalleryImage src="/gallery/retail-lot-after.svg" alt="Retail lot, after" />);
    expect(screen.getByRole('img', { name: 'Retail lot, after' }).tagName).toBe('IMG');
    expect(screen.queryByText('Coming Soon')).toBeNull();
  });

  it('shows "Coming Soon" when the image is missing', () => {
    render(<GalleryImage src={null} alt="Pond, after" />);
    expect(screen.getByText('Coming Soon')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Pond, after: photo coming soon' }).tagName).toBe('DIV');
  });

  it('falls back to "Coming Soon" when the image fails to load', () => {
    render(<GalleryImage src="/gallery/removed.svg" alt="Dumpster, before" />);
    fireEvent.error(screen.getByRole('img', { name: 'Dumpster, before' }));
    expect(screen.getByText('Coming Soon')).toBeTruthy();
  });

  it('has four projects with a title, location and description', () => {
    expect(galleryProjects).toHaveLength(4);
    for (const project of galleryProjects) expect(project.title && project.location && project.description).toBeTruthy();
  });
});
