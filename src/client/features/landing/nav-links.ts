/** The header's in-page links (SPEC §2). The mobile menu adds Contact. */
export const headerLinks = [
  { label: 'Services', href: '#services' },
  { label: 'Process', href: '#how-it-works' },
  { label: 'Gallery', href: '#gallery' },
  { label: 'About', href: '#about' },
  { label: 'Reviews', href: '#testimonials' },
] as const;

export const mobileMenuLinks = [...headerLinks, { label: 'Contact', href: '#contact' }] as const;

export const footerLinks = [
  { label: 'Home', href: '#home' },
  { label: 'Services', href: '#services' },
  { label: 'About Us', href: '#about' },
  { label: 'Reviews', href: '#testimonials' },
  { label: 'Service Areas', href: '#service-areas' },
  { label: 'FAQ', href: '#faq' },
  { label: 'Contact', href: '#contact' },
] as const;
