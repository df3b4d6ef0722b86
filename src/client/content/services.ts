import { Building2, Car, Trash2, Trees, type LucideIcon } from 'lucide-react';

export interface Service {
  title: string;
  description: string;
  details: [string, string, string];
  icon: LucideIcon;
  backgroundColor: string;
  textColor: string;
}

export const services: Service[] = [
  {
    title: 'Parking Lot Cleaning',
    description:
      'Litter, cigarette butts, broken glass and windblown debris picked up from every stall, curb line and cart corral before your customers arrive.',
    details: [
      'Hand pickup and blower work along curbs and islands',
      'Cart corrals, light-pole bases and drive lanes',
      'Early-morning routes finished before opening',
    ],
    icon: Car,
    backgroundColor: 'bg-sky-100 dark:bg-sky-950',
    textColor: 'text-sky-700 dark:text-sky-300',
  },
  {
    title: 'Sidewalks & Building Entrances',
    description:
      'The first thing tenants and shoppers see. We keep walkways, vestibules and storefront approaches clear of trash, gum wrappers and leaves.',
    details: ['Entrances, walkways and smoking areas', 'Ash urns emptied and wiped down', 'Leaf and debris blowing in fall'],
    icon: Building2,
    backgroundColor: 'bg-emerald-100 dark:bg-emerald-950',
    textColor: 'text-emerald-700 dark:text-emerald-300',
  },
  {
    title: 'Trash Receptacle Maintenance',
    description:
      'Exterior bins emptied, liners replaced and overflow cleaned up around dumpster enclosures, so waste areas stop drawing pests and complaints.',
    details: [
      'Exterior bins emptied and relined',
      'Overflow and loose bags around enclosures',
      'Damaged or missing receptacles reported to you',
    ],
    icon: Trash2,
    backgroundColor: 'bg-amber-100 dark:bg-amber-950',
    textColor: 'text-amber-800 dark:text-amber-300',
  },
  {
    title: 'Landscaped Area Cleanup',
    description: 'Trash caught in shrubs, mulch beds, retention ponds and fence lines removed by hand, without damaging your plantings.',
    details: ['Beds, berms and tree rings', 'Fence lines and retention-pond edges', 'Spring and fall seasonal cleanups'],
    icon: Trees,
    backgroundColor: 'bg-lime-100 dark:bg-lime-950',
    textColor: 'text-lime-800 dark:text-lime-300',
  },
];
