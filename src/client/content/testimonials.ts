export interface Testimonial {
  quote: string;
  name: string;
  title: string;
  rating: number;
  initials: string;
  bgColor: string;
  textColor: string;
  verificationBadge?: string;
  serviceDate?: string;
}

export const testimonials: Testimonial[] = [
  {
    quote:
      'Our tenants used to complain about the lot every Monday. Since Lakeshore took over the route, the complaints stopped, and I get a photo report after every visit.',
    name: 'Karen Wojcik',
    title: 'Property Manager, Southridge-area retail center',
    rating: 5,
    initials: 'KW',
    bgColor: 'bg-sky-100 dark:bg-sky-900',
    textColor: 'text-sky-800 dark:text-sky-100',
    verificationBadge: 'Verified customer',
    serviceDate: 'Customer since 2023',
  },
  {
    quote:
      'They show up at 5 a.m., before our first shift, and the entrances are spotless when people walk in. No contract games, just good work at a fair price.',
    name: 'Marcus Bell',
    title: 'Facilities Director, Brookfield office campus',
    rating: 5,
    initials: 'MB',
    bgColor: 'bg-emerald-100 dark:bg-emerald-900',
    textColor: 'text-emerald-800 dark:text-emerald-100',
    verificationBadge: 'Verified customer',
    serviceDate: 'Customer since 2024',
  },
  {
    quote:
      'After a storm scattered debris across our yard, they had a crew here the same afternoon. Our trucks were moving again the next morning.',
    name: 'Denise Alvarez',
    title: 'Operations Manager, Oak Creek distribution center',
    rating: 5,
    initials: 'DA',
    bgColor: 'bg-amber-100 dark:bg-amber-900',
    textColor: 'text-amber-900 dark:text-amber-100',
    serviceDate: 'Emergency cleanup, 2025',
  },
  {
    quote:
      'Residents noticed the difference within a week. The pond edge and the fence lines finally look cared for, and our curb appeal shows it at every tour.',
    name: 'Tom Lindqvist',
    title: 'Community Manager, Waukesha apartments',
    rating: 5,
    initials: 'TL',
    bgColor: 'bg-violet-100 dark:bg-violet-900',
    textColor: 'text-violet-900 dark:text-violet-100',
    verificationBadge: 'Verified customer',
  },
];
