// Demo data for a fresh database: three letting companies with UK addresses and four properties each.
// Addresses are realistic in form, not real lettings.
import { UNIT_STATUSES as UNIT_STATUS_CHOICES, UNIT_TYPES as UNIT_TYPE_CHOICES } from '../../contract/resources/units';

export interface SeedProperty {
  name: string;
  addressLine1: string;
  addressLine2?: string;
  area: string;
  postcode: string;
  latitude: number;
  longitude: number;
}

export interface SeedCompany {
  name: string;
  /** Prefix of property references (NGL-01, …). */
  code: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  county: string;
  postcode: string;
  properties: SeedProperty[];
}

export const SEED_COMPANIES: SeedCompany[] = [
  {
    name: 'Northgate Lettings',
    code: 'NGL',
    addressLine1: '14 Park Row',
    addressLine2: 'Second Floor',
    city: 'Leeds',
    county: 'West Yorkshire',
    postcode: 'LS1 5HD',
    properties: [
      {
        name: 'Wharf House',
        addressLine1: '12 Wharf Approach',
        area: 'Granary Wharf',
        postcode: 'LS1 4BR',
        latitude: 53.7937,
        longitude: -1.5487,
      },
      {
        name: 'Kirkstall Mill Apartments',
        addressLine1: '220 Kirkstall Road',
        area: 'Kirkstall',
        postcode: 'LS4 2AZ',
        latitude: 53.8121,
        longitude: -1.5796,
      },
      {
        name: 'Headingley Court',
        addressLine1: '45 Otley Road',
        area: 'Headingley',
        postcode: 'LS6 3AB',
        latitude: 53.8222,
        longitude: -1.5781,
      },
      {
        name: 'Roundhay Gardens',
        addressLine1: '8 Street Lane',
        area: 'Roundhay',
        postcode: 'LS8 2ET',
        latitude: 53.8379,
        longitude: -1.5031,
      },
    ],
  },
  {
    name: 'Thames Residential',
    code: 'THR',
    addressLine1: '21 Tooley Street',
    city: 'London',
    county: 'Greater London',
    postcode: 'SE1 2PF',
    properties: [
      {
        name: 'Riverside Quay',
        addressLine1: '5 Lombard Road',
        area: 'Battersea',
        postcode: 'SW11 3RF',
        latitude: 51.4712,
        longitude: -0.1771,
      },
      {
        name: 'Canary View',
        addressLine1: '18 Westferry Road',
        area: 'Isle of Dogs',
        postcode: 'E14 8JH',
        latitude: 51.4996,
        longitude: -0.0237,
      },
      {
        name: 'Islington Terrace',
        addressLine1: '72 Upper Street',
        area: 'Islington',
        postcode: 'N1 0NY',
        latitude: 51.5392,
        longitude: -0.1029,
      },
      {
        name: 'Greenwich Lofts',
        addressLine1: '9 Creek Road',
        area: 'Greenwich',
        postcode: 'SE8 3BU',
        latitude: 51.4811,
        longitude: -0.0161,
      },
    ],
  },
  {
    name: 'Clyde Property Group',
    code: 'CPG',
    addressLine1: '140 West George Street',
    city: 'Glasgow',
    county: 'Glasgow City',
    postcode: 'G2 2HG',
    properties: [
      {
        name: 'Merchant City Apartments',
        addressLine1: '25 Candleriggs',
        area: 'Merchant City',
        postcode: 'G1 1LD',
        latitude: 55.8589,
        longitude: -4.2442,
      },
      {
        name: 'Byres Road Residences',
        addressLine1: '40 Byres Road',
        area: 'West End',
        postcode: 'G11 5RD',
        latitude: 55.8727,
        longitude: -4.2931,
      },
      {
        name: 'Finnieston Quay',
        addressLine1: '1100 Argyle Street',
        area: 'Finnieston',
        postcode: 'G3 8ND',
        latitude: 55.8648,
        longitude: -4.2823,
      },
      {
        name: 'Shawlands House',
        addressLine1: '12 Kilmarnock Road',
        area: 'Shawlands',
        postcode: 'G41 3NH',
        latitude: 55.8297,
        longitude: -4.2813,
      },
    ],
  },
];

/** Units per property, in SEED_COMPANIES order (80 in all). */
export const UNITS_PER_PROPERTY = [7, 6, 8, 5, 7, 6, 7, 8, 6, 7, 6, 7];

// The choices the unit form offers (contract/resources/units.ts): the seed uses the same.
export const UNIT_TYPES = UNIT_TYPE_CHOICES;
export type UnitType = (typeof UNIT_TYPES)[number];
/** How often each type turns up (relative weights), and its bedroom range. */
export const UNIT_TYPE_RULES: Record<UnitType, { weight: number; bedrooms: [number, number]; sqft: [number, number] }> =
  {
    Flat: { weight: 40, bedrooms: [1, 3], sqft: [450, 950] },
    Studio: { weight: 15, bedrooms: [0, 0], sqft: [280, 420] },
    House: { weight: 12, bedrooms: [2, 5], sqft: [850, 1800] },
    Maisonette: { weight: 12, bedrooms: [2, 3], sqft: [700, 1100] },
    Penthouse: { weight: 6, bedrooms: [2, 4], sqft: [1100, 2200] },
    Townhouse: { weight: 15, bedrooms: [3, 5], sqft: [1200, 2000] },
  };

export const UNIT_STATUSES = [
  { status: 'Let', weight: 50 },
  { status: 'Available', weight: 25 },
  { status: 'Under Offer', weight: 15 },
  { status: 'Maintenance', weight: 10 },
] as const satisfies readonly { status: (typeof UNIT_STATUS_CHOICES)[number]; weight: number }[];

export const FEATURES = [
  'a private balcony',
  'an open-plan kitchen',
  'floor-to-ceiling windows',
  'allocated parking',
  'a south-facing garden',
  'secure bike storage',
  'a concierge service',
  'underfloor heating',
  'a fitted wardrobe in every bedroom',
  'views over the city',
  'a residents’ gym',
  'original period features',
] as const;

export const NUMBER_WORDS = ['Studio', 'One', 'Two', 'Three', 'Four', 'Five'];
