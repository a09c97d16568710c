import { ADD_ONS, SERVICE_PACKAGES, STARTING_PRICES } from './business-facts.ts';
import type { IconName } from '../icons/icons.ts';

type PackageId = (typeof SERVICE_PACKAGES)[number]['id'];

export interface ServicePackageCopy {
  icon: IconName;
  /** "Starting at $199", or how the price is set when docs/requirements.md#constants gives no starting price. */
  price: string;
  description: string;
  includes: readonly string[];
}

/** Site copy for the four packages of docs/requirements.md#constants; names, durations and "most popular" come from shared. */
const COPY: Record<PackageId, ServicePackageCopy> = {
  residential: {
    icon: 'home',
    price: `Starting at $${STARTING_PRICES.residential}`,
    description:
      'Our regular home cleaning keeps every room fresh: ideal weekly, bi-weekly or monthly, or whenever you need a reset.',
    includes: [
      'Dusting of reachable surfaces, sills and baseboards',
      'Kitchen counters, sink, stovetop and appliance exteriors',
      'Bathrooms scrubbed and sanitized',
      'Floors vacuumed and mopped',
      'Beds made and trash emptied',
    ],
  },
  commercial: {
    icon: 'building',
    price: `Starting at $${STARTING_PRICES.commercial}`,
    description:
      'Offices, studios and retail spaces cleaned before or after business hours, so your team and customers walk into a spotless space.',
    includes: [
      'Workstations, desks and common areas',
      'Break rooms and kitchenettes',
      'Restrooms cleaned and restocked',
      'Glass doors and entryways',
      'Scheduling around your business hours',
    ],
  },
  deep: {
    icon: 'sparkles',
    price: `Starting at $${STARTING_PRICES.deep}`,
    description:
      'A top-to-bottom clean for the grime regular cleaning does not reach. Perfect as a first visit, a seasonal refresh or before a move.',
    includes: [
      'Everything in residential cleaning',
      'Baseboards, door frames and light switches by hand',
      'Cabinet fronts and appliance exteriors degreased',
      'Shower tile, grout and fixtures descaled',
      'Vents, ceiling fans and light fixtures dusted',
    ],
  },
  'post-construction': {
    icon: 'hardHat',
    price: 'Custom quote after a walkthrough',
    description:
      'After a renovation or new build we remove the fine dust and debris that settles everywhere, and leave the space ready to move in.',
    includes: [
      'Construction dust removed from every surface',
      'Paint specks and sticker residue cleaned from windows and fixtures',
      'Cabinets and drawers wiped inside and out',
      'Floors vacuumed and washed, debris hauled to bins',
      'Final detail pass before handover',
    ],
  },
};

export const SERVICE_PACKAGE_CARDS = SERVICE_PACKAGES.map((pkg) => ({ ...pkg, ...COPY[pkg.id] }));

const ADD_ON_DETAILS: Record<(typeof ADD_ONS)[number], string> = {
  'Interior windows': 'Glass, tracks and sills cleaned streak-free on the inside.',
  Refrigerator: 'Emptied, shelves and drawers washed, and restocked neatly.',
  Oven: 'Racks, walls and door glass degreased and scrubbed.',
  Garage: 'Swept, cobwebs removed and surfaces wiped down.',
  Basement: 'Dusted, vacuumed and mopped, including stairs.',
  'Carpet steam cleaning': 'Hot-water extraction that lifts stains and allergens.',
};

export const ADD_ON_CARDS = ADD_ONS.map((name) => ({ name, detail: ADD_ON_DETAILS[name] }));
