import { CalendarCheck, ClipboardList, MapPin, PhoneCall, ShieldCheck, Sparkles, type LucideIcon } from 'lucide-react';

export interface ProcessStep {
  id: number;
  title: string;
  description: string;
  icon: LucideIcon;
  details: string;
}

export const processSteps: ProcessStep[] = [
  {
    id: 1,
    title: 'Contact Us',
    description: 'Send the form or call. A real person on our team calls you back within 24 hours.',
    icon: PhoneCall,
    details: 'Tell us the address, the property type and what is bothering you most.',
  },
  {
    id: 2,
    title: 'Property Assessment',
    description: 'We walk your lot, entrances and landscaped areas to see where litter collects and why.',
    icon: MapPin,
    details: 'Free and on site, usually within two business days.',
  },
  {
    id: 3,
    title: 'Custom Service Plan',
    description: 'A schedule that fits your traffic: weekly, bi-weekly, monthly or a one-time cleanup.',
    icon: ClipboardList,
    details: 'A fixed price per visit, in writing, with no long-term contract.',
  },
  {
    id: 4,
    title: 'Professional Cleaning',
    description: 'Our uniformed crew arrives on schedule, often before you open, and leaves nothing behind.',
    icon: Sparkles,
    details: 'Service starts within 24-48 hours of your confirmation.',
  },
  {
    id: 5,
    title: 'Quality Assurance',
    description: 'Every visit is checked against your plan, and anything unusual is reported with photos.',
    icon: ShieldCheck,
    details: 'Dumped furniture, graffiti or damage is flagged the same day.',
  },
  {
    id: 6,
    title: 'Ongoing Maintenance',
    description: 'The same crew on the same route, so your property stays clean week after week.',
    icon: CalendarCheck,
    details: 'Adjust the schedule for events, seasons or busy weeks with a call.',
  },
];
