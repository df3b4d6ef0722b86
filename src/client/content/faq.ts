export interface FaqItem {
  question: string;
  answer: string;
}

export const faqItems: FaqItem[] = [
  {
    question: 'What kinds of properties do you service?',
    answer:
      'Commercial properties of every size: retail and strip centers, office parks, industrial and warehouse sites, standalone parking lots, and apartment and condominium communities. If the public walks or parks on it, we can keep it clean.',
  },
  {
    question: 'Do I have to sign a long-term contract?',
    answer:
      'No. Service is month-to-month or a one-time cleanup, and you can pause or cancel with notice. Customers who choose a six- or twelve-month agreement get a lower per-visit rate.',
  },
  {
    question: 'How soon can you start?',
    answer:
      'We call within 24 hours of your request and visit the property for a free assessment. Once you confirm the quote, service starts within 24-48 hours.',
  },
  {
    question: 'When do your crews work?',
    answer:
      'Whenever it bothers your tenants least. Most routes run early in the morning, before stores and offices open, and we also schedule evenings and weekends.',
  },
  {
    question: 'Do you handle emergencies?',
    answer:
      'Yes. After storms, events, vandalism or illegal dumping, call our main line any time. We dispatch a crew the same day whenever we can.',
  },
  {
    question: 'Are you licensed and insured?',
    answer:
      'We are licensed, bonded and carry general liability and workers’ compensation insurance. A certificate of insurance naming your company is available on request.',
  },
  {
    question: 'How is pricing determined?',
    answer:
      'By the size of the property, how much litter it collects, and how often you need service. You get a fixed per-visit price in writing after the free assessment, with no hidden fees.',
  },
  {
    question: 'What if I am not satisfied with a visit?',
    answer:
      'Tell us within 24 hours and we come back to make it right at no charge. That is our satisfaction guarantee, and it applies to every visit.',
  },
];
