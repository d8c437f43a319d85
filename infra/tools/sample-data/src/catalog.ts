/**
 * Word lists for the fictional sample data (docs/product/rules.md#s1, #s7). Industries and cities
 * are real; companies, brands, subsidiaries, publishers and sources are invented — company names
 * are built from made-up syllables so that no invented score is ever attached to a real company.
 */
import type { DetailTableName, IssueKey } from '@upright/contracts';

export interface IndustryTemplate {
  slug: string;
  text: string;
  alts: string[];
  definition: string;
  sector: string;
  /** Issues that matter for this industry (`industry_values`). */
  values: IssueKey[];
  /** Second words of company names, e.g. "Airways". */
  nouns: string[];
  /** Non-public structures that occur in this industry besides 'Private'. */
  otherStructures?: string[];
  /** Rough Scope 1 emissions in tonnes CO2e per $1M revenue. */
  emissionsPerMillion: number;
}

const CORE: IssueKey[] = [
  'climate',
  'exec_pay',
  'lobbying',
  'tax',
  'price_inflation',
  'repurchases',
  'diverse_rep',
  'pay_gap',
];
const WITH_NET_NEUTRALITY: IssueKey[] = [...CORE, 'net_neutrality'];

/** The first 20 make up the shipped sample; larger sets use more. */
export const INDUSTRY_TEMPLATES: readonly IndustryTemplate[] = [
  {
    slug: 'airlines',
    text: 'Airlines',
    alts: ['Air carriers', 'Airline companies', 'Commercial aviation', 'Flights'],
    definition:
      'Companies that carry passengers and cargo on scheduled and charter flights within the United States and abroad.',
    sector: 'Transportation',
    values: CORE,
    nouns: ['Air', 'Airways', 'Airlines', 'Aviation'],
    emissionsPerMillion: 900,
  },
  {
    slug: 'banks',
    text: 'Banks',
    alts: ['Commercial banks', 'Retail banking', 'Bank holding companies', 'Lenders'],
    definition:
      'Deposit-taking institutions that offer checking and savings accounts, loans, mortgages and related financial services to consumers and businesses.',
    sector: 'Financials',
    values: CORE,
    nouns: ['Bank', 'Bancorp', 'Financial', 'Savings Bank', 'Trust'],
    otherStructures: ['Cooperative'],
    emissionsPerMillion: 4,
  },
  {
    slug: 'grocery-stores',
    text: 'Grocery Stores',
    alts: ['Supermarkets', 'Grocers', 'Food retail', 'Grocery chains'],
    definition:
      'Retail chains that sell food, beverages and household staples, including supermarkets, warehouse grocers and neighborhood markets.',
    sector: 'Consumer Staples',
    values: CORE,
    nouns: ['Markets', 'Grocers', 'Provisions', 'Foods', 'Supermarkets'],
    otherStructures: ['Cooperative'],
    emissionsPerMillion: 25,
  },
  {
    slug: 'pharmaceuticals',
    text: 'Pharmaceuticals',
    alts: ['Drug makers', 'Pharma', 'Drug manufacturers', 'Biopharmaceuticals'],
    definition:
      'Companies that research, develop, manufacture and market prescription and over-the-counter medicines and vaccines.',
    sector: 'Health Care',
    values: CORE,
    nouns: ['Pharma', 'Therapeutics', 'Biosciences', 'Laboratories'],
    emissionsPerMillion: 20,
  },
  {
    slug: 'wireless-carriers',
    text: 'Wireless Carriers',
    alts: [
      'Cell phone carriers',
      'Mobile network operators',
      'Cellular providers',
      'Wireless service',
    ],
    definition:
      'Companies that operate cellular networks and sell mobile phone, data and connected-device plans to consumers and businesses.',
    sector: 'Communication Services',
    values: WITH_NET_NEUTRALITY,
    nouns: ['Wireless', 'Mobile', 'Cellular', 'Telecom'],
    emissionsPerMillion: 8,
  },
  {
    slug: 'internet-service-providers',
    text: 'Internet Service Providers',
    alts: ['ISPs', 'Broadband providers', 'Home internet', 'Cable internet'],
    definition:
      'Companies that provide home and business internet access over cable, fiber, DSL, fixed wireless or satellite connections.',
    sector: 'Communication Services',
    values: WITH_NET_NEUTRALITY,
    nouns: ['Broadband', 'Networks', 'Fiber', 'Communications'],
    otherStructures: ['Cooperative'],
    emissionsPerMillion: 10,
  },
  {
    slug: 'auto-manufacturers',
    text: 'Auto Manufacturers',
    alts: ['Automakers', 'Car companies', 'Vehicle manufacturers', 'Car makers'],
    definition:
      'Companies that design and assemble passenger cars, SUVs, pickup trucks and electric vehicles sold in the United States.',
    sector: 'Consumer Discretionary',
    values: CORE,
    nouns: ['Motors', 'Automotive', 'Motor Works', 'Vehicles'],
    emissionsPerMillion: 30,
  },
  {
    slug: 'fast-food-restaurants',
    text: 'Fast Food Restaurants',
    alts: ['Quick service restaurants', 'QSR', 'Fast food chains', 'Burger chains'],
    definition:
      'Restaurant chains that sell quickly prepared meals for counter service, drive-through, takeout and delivery.',
    sector: 'Consumer Discretionary',
    values: CORE,
    nouns: ['Burgers', 'Kitchen', 'Grill', 'Eats', 'Chicken'],
    emissionsPerMillion: 35,
  },
  {
    slug: 'department-stores',
    text: 'Department Stores',
    alts: ['Retail department stores', 'Big box stores', 'General merchandise', 'Discount stores'],
    definition:
      'Retailers that sell a broad range of apparel, home goods, beauty products and general merchandise in large multi-department stores and online.',
    sector: 'Consumer Discretionary',
    values: CORE,
    nouns: ['Stores', 'Mercantile', 'Emporium', 'Department Stores'],
    emissionsPerMillion: 12,
  },
  {
    slug: 'health-insurers',
    text: 'Health Insurers',
    alts: ['Health insurance', 'Managed care', 'Health plans', 'Medical insurance'],
    definition:
      'Companies that sell employer, individual, Medicare and Medicaid health plans and manage the care their members receive.',
    sector: 'Health Care',
    values: CORE,
    nouns: ['Health', 'Health Plans', 'Care', 'Health Partners'],
    otherStructures: ['Nonprofit', 'Mutual'],
    emissionsPerMillion: 3,
  },
  {
    slug: 'electric-utilities',
    text: 'Electric Utilities',
    alts: ['Power companies', 'Electric companies', 'Energy utilities', 'Electricity providers'],
    definition:
      'Regulated companies that generate, transmit and distribute electricity to homes and businesses in their service territories.',
    sector: 'Utilities',
    values: CORE,
    nouns: ['Power', 'Energy', 'Electric', 'Power and Light'],
    otherStructures: ['Cooperative'],
    emissionsPerMillion: 1800,
  },
  {
    slug: 'oil-and-gas',
    text: 'Oil and Gas',
    alts: ['Oil companies', 'Petroleum', 'Energy producers', 'Fossil fuels'],
    definition:
      'Companies that explore for, produce, refine and market crude oil, natural gas and fuels such as gasoline and diesel.',
    sector: 'Energy',
    values: CORE,
    nouns: ['Petroleum', 'Energy', 'Oil', 'Resources'],
    emissionsPerMillion: 700,
  },
  {
    slug: 'hotels',
    text: 'Hotels and Resorts',
    alts: ['Hotel chains', 'Lodging', 'Hospitality', 'Resorts'],
    definition:
      'Companies that own, operate or franchise hotels, resorts and extended-stay properties for business and leisure travelers.',
    sector: 'Consumer Discretionary',
    values: CORE,
    nouns: ['Hotels', 'Resorts', 'Inns', 'Hospitality'],
    emissionsPerMillion: 40,
  },
  {
    slug: 'credit-card-issuers',
    text: 'Credit Card Issuers',
    alts: ['Credit cards', 'Card issuers', 'Payment cards', 'Consumer credit'],
    definition:
      'Banks and finance companies that issue credit and charge cards to consumers and small businesses and earn interest and fees on them.',
    sector: 'Financials',
    values: CORE,
    nouns: ['Card Services', 'Credit', 'Payments', 'Card Co.'],
    emissionsPerMillion: 3,
  },
  {
    slug: 'home-improvement-retailers',
    text: 'Home Improvement Retailers',
    alts: ['Hardware stores', 'Home centers', 'DIY retail', 'Building supply'],
    definition:
      'Retailers that sell tools, lumber, building materials, appliances and garden supplies to homeowners and contractors.',
    sector: 'Consumer Discretionary',
    values: CORE,
    nouns: ['Home Supply', 'Hardware', 'Lumber', 'Home Center'],
    otherStructures: ['Cooperative'],
    emissionsPerMillion: 15,
  },
  {
    slug: 'package-delivery',
    text: 'Package Delivery',
    alts: ['Parcel delivery', 'Couriers', 'Shipping companies', 'Freight'],
    definition:
      'Companies that pick up, transport and deliver parcels, letters and freight for businesses and consumers.',
    sector: 'Industrials',
    values: CORE,
    nouns: ['Freight Co.', 'Express', 'Logistics', 'Parcel'],
    emissionsPerMillion: 300,
  },
  {
    slug: 'beverages',
    text: 'Beverages',
    alts: ['Soft drinks', 'Beverage makers', 'Drink companies', 'Bottlers'],
    definition:
      'Companies that produce and bottle soft drinks, juices, bottled water, coffee drinks, beer, wine and spirits.',
    sector: 'Consumer Staples',
    values: CORE,
    nouns: ['Beverage', 'Bottling', 'Drinks', 'Springs'],
    emissionsPerMillion: 45,
  },
  {
    slug: 'apparel-retailers',
    text: 'Apparel Retailers',
    alts: ['Clothing stores', 'Fashion retail', 'Apparel', 'Clothing brands'],
    definition:
      'Retailers and brands that design and sell clothing, shoes and accessories in stores and online.',
    sector: 'Consumer Discretionary',
    values: CORE,
    nouns: ['Apparel', 'Outfitters', 'Clothiers', 'Threads'],
    emissionsPerMillion: 10,
  },
  {
    slug: 'streaming-services',
    text: 'Streaming Services',
    alts: ['Video streaming', 'Streaming platforms', 'On-demand video', 'Music streaming'],
    definition:
      'Companies that deliver films, series, music and live programming to subscribers over the internet.',
    sector: 'Communication Services',
    values: WITH_NET_NEUTRALITY,
    nouns: ['Media', 'Streaming', 'Studios', 'Play'],
    emissionsPerMillion: 5,
  },
  {
    slug: 'drugstores',
    text: 'Drugstores and Pharmacies',
    alts: ['Pharmacies', 'Drug stores', 'Pharmacy chains', 'Chemists'],
    definition:
      'Retail pharmacy chains that fill prescriptions and sell health, beauty and convenience products.',
    sector: 'Consumer Staples',
    values: CORE,
    nouns: ['Pharmacy', 'Drug', 'Apothecary', 'Rx'],
    emissionsPerMillion: 8,
  },
  {
    slug: 'railroads',
    text: 'Railroads',
    alts: ['Freight rail', 'Rail carriers', 'Railways', 'Train operators'],
    definition:
      'Companies that haul freight such as grain, coal, chemicals and containers over their own rail networks.',
    sector: 'Industrials',
    values: CORE,
    nouns: ['Rail', 'Railway', 'Rail Lines', 'Railroad'],
    emissionsPerMillion: 250,
  },
  {
    slug: 'property-casualty-insurers',
    text: 'Property and Casualty Insurers',
    alts: ['Car insurance', 'Home insurance', 'Auto insurance', 'P&C insurers'],
    definition:
      'Insurers that sell auto, homeowners, renters and commercial property and liability coverage.',
    sector: 'Financials',
    values: CORE,
    nouns: ['Insurance', 'Mutual', 'Assurance', 'Indemnity'],
    otherStructures: ['Mutual'],
    emissionsPerMillion: 2,
  },
  {
    slug: 'packaged-foods',
    text: 'Packaged Foods',
    alts: ['Food manufacturers', 'Food brands', 'Snack makers', 'Consumer foods'],
    definition:
      'Companies that make and market packaged groceries such as cereals, snacks, frozen meals, sauces and baked goods.',
    sector: 'Consumer Staples',
    values: CORE,
    nouns: ['Foods', 'Kitchens', 'Brands', 'Snacks'],
    emissionsPerMillion: 60,
  },
  {
    slug: 'chemicals',
    text: 'Chemicals',
    alts: ['Chemical makers', 'Specialty chemicals', 'Industrial chemicals', 'Chemical companies'],
    definition:
      'Companies that produce basic, specialty and agricultural chemicals, plastics and coatings for industry and consumers.',
    sector: 'Materials',
    values: CORE,
    nouns: ['Chemical', 'Materials', 'Polymers', 'Industries'],
    emissionsPerMillion: 500,
  },
  {
    slug: 'rental-cars',
    text: 'Rental Cars',
    alts: ['Car rental', 'Vehicle rental', 'Auto rental', 'Rent-a-car'],
    definition:
      'Companies that rent cars, vans and trucks by the day or week at airports and neighborhood locations.',
    sector: 'Industrials',
    values: CORE,
    nouns: ['Rent-A-Car', 'Rentals', 'Car Rental', 'Fleet'],
    emissionsPerMillion: 60,
  },
  {
    slug: 'cruise-lines',
    text: 'Cruise Lines',
    alts: ['Cruises', 'Cruise companies', 'Ocean cruises', 'River cruises'],
    definition:
      'Companies that operate ocean and river cruise ships offering multi-night vacation voyages.',
    sector: 'Consumer Discretionary',
    values: CORE,
    nouns: ['Cruises', 'Cruise Line', 'Voyages', 'Seas'],
    emissionsPerMillion: 1100,
  },
  {
    slug: 'social-media',
    text: 'Social Media',
    alts: ['Social networks', 'Social platforms', 'Online communities', 'Messaging apps'],
    definition:
      'Companies that run online platforms where people share posts, photos, videos and messages, funded mostly by advertising.',
    sector: 'Communication Services',
    values: WITH_NET_NEUTRALITY,
    nouns: ['Social', 'Network', 'Platforms', 'Messenger'],
    emissionsPerMillion: 4,
  },
  {
    slug: 'consumer-electronics',
    text: 'Consumer Electronics',
    alts: ['Electronics makers', 'Gadgets', 'Devices', 'Home electronics'],
    definition:
      'Companies that design and sell phones, computers, televisions, audio equipment and smart-home devices.',
    sector: 'Information Technology',
    values: CORE,
    nouns: ['Electronics', 'Devices', 'Digital', 'Labs'],
    emissionsPerMillion: 12,
  },
  {
    slug: 'trucking',
    text: 'Trucking',
    alts: ['Truckload carriers', 'Freight trucking', 'Haulers', 'LTL carriers'],
    definition:
      'Companies that move freight by truck, including full-truckload, less-than-truckload and dedicated fleet services.',
    sector: 'Industrials',
    values: CORE,
    nouns: ['Transport', 'Trucking', 'Haulers', 'Freight Lines'],
    emissionsPerMillion: 400,
  },
  {
    slug: 'home-builders',
    text: 'Home Builders',
    alts: ['Homebuilders', 'Residential construction', 'Housing developers', 'Home construction'],
    definition:
      'Companies that buy land and build and sell single-family homes, townhomes and condominiums.',
    sector: 'Consumer Discretionary',
    values: CORE,
    nouns: ['Homes', 'Builders', 'Communities', 'Residential'],
    emissionsPerMillion: 15,
  },
];

export interface City {
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** Real US cities with their coordinates (city centre, 4 decimals). */
export const CITIES: readonly City[] = [
  { city: 'New York', state: 'NY', latitude: 40.7128, longitude: -74.006 },
  { city: 'Los Angeles', state: 'CA', latitude: 34.0522, longitude: -118.2437 },
  { city: 'Chicago', state: 'IL', latitude: 41.8781, longitude: -87.6298 },
  { city: 'Houston', state: 'TX', latitude: 29.7604, longitude: -95.3698 },
  { city: 'Phoenix', state: 'AZ', latitude: 33.4484, longitude: -112.074 },
  { city: 'Philadelphia', state: 'PA', latitude: 39.9526, longitude: -75.1652 },
  { city: 'San Antonio', state: 'TX', latitude: 29.4241, longitude: -98.4936 },
  { city: 'San Diego', state: 'CA', latitude: 32.7157, longitude: -117.1611 },
  { city: 'Dallas', state: 'TX', latitude: 32.7767, longitude: -96.797 },
  { city: 'San Jose', state: 'CA', latitude: 37.3382, longitude: -121.8863 },
  { city: 'Austin', state: 'TX', latitude: 30.2672, longitude: -97.7431 },
  { city: 'Jacksonville', state: 'FL', latitude: 30.3322, longitude: -81.6557 },
  { city: 'Columbus', state: 'OH', latitude: 39.9612, longitude: -82.9988 },
  { city: 'Charlotte', state: 'NC', latitude: 35.2271, longitude: -80.8431 },
  { city: 'Indianapolis', state: 'IN', latitude: 39.7684, longitude: -86.1581 },
  { city: 'San Francisco', state: 'CA', latitude: 37.7749, longitude: -122.4194 },
  { city: 'Seattle', state: 'WA', latitude: 47.6062, longitude: -122.3321 },
  { city: 'Denver', state: 'CO', latitude: 39.7392, longitude: -104.9903 },
  { city: 'Washington', state: 'DC', latitude: 38.9072, longitude: -77.0369 },
  { city: 'Boston', state: 'MA', latitude: 42.3601, longitude: -71.0589 },
  { city: 'Nashville', state: 'TN', latitude: 36.1627, longitude: -86.7816 },
  { city: 'Detroit', state: 'MI', latitude: 42.3314, longitude: -83.0458 },
  { city: 'Portland', state: 'OR', latitude: 45.5152, longitude: -122.6784 },
  { city: 'Las Vegas', state: 'NV', latitude: 36.1699, longitude: -115.1398 },
  { city: 'Memphis', state: 'TN', latitude: 35.1495, longitude: -90.049 },
  { city: 'Louisville', state: 'KY', latitude: 38.2527, longitude: -85.7585 },
  { city: 'Baltimore', state: 'MD', latitude: 39.2904, longitude: -76.6122 },
  { city: 'Milwaukee', state: 'WI', latitude: 43.0389, longitude: -87.9065 },
  { city: 'Albuquerque', state: 'NM', latitude: 35.0844, longitude: -106.6504 },
  { city: 'Tucson', state: 'AZ', latitude: 32.2226, longitude: -110.9747 },
  { city: 'Kansas City', state: 'MO', latitude: 39.0997, longitude: -94.5786 },
  { city: 'Atlanta', state: 'GA', latitude: 33.749, longitude: -84.388 },
  { city: 'Omaha', state: 'NE', latitude: 41.2565, longitude: -95.9345 },
  { city: 'Raleigh', state: 'NC', latitude: 35.7796, longitude: -78.6382 },
  { city: 'Miami', state: 'FL', latitude: 25.7617, longitude: -80.1918 },
  { city: 'Minneapolis', state: 'MN', latitude: 44.9778, longitude: -93.265 },
  { city: 'Tulsa', state: 'OK', latitude: 36.154, longitude: -95.9928 },
  { city: 'Cleveland', state: 'OH', latitude: 41.4993, longitude: -81.6944 },
  { city: 'New Orleans', state: 'LA', latitude: 29.9511, longitude: -90.0715 },
  { city: 'Tampa', state: 'FL', latitude: 27.9506, longitude: -82.4572 },
  { city: 'Pittsburgh', state: 'PA', latitude: 40.4406, longitude: -79.9959 },
  { city: 'Cincinnati', state: 'OH', latitude: 39.1031, longitude: -84.512 },
  { city: 'St. Louis', state: 'MO', latitude: 38.627, longitude: -90.1994 },
  { city: 'Salt Lake City', state: 'UT', latitude: 40.7608, longitude: -111.891 },
  { city: 'Richmond', state: 'VA', latitude: 37.5407, longitude: -77.436 },
  { city: 'Hartford', state: 'CT', latitude: 41.7658, longitude: -72.6734 },
  { city: 'Des Moines', state: 'IA', latitude: 41.5868, longitude: -93.625 },
  { city: 'Boise', state: 'ID', latitude: 43.615, longitude: -116.2023 },
  { city: 'Providence', state: 'RI', latitude: 41.824, longitude: -71.4128 },
  { city: 'Birmingham', state: 'AL', latitude: 33.5186, longitude: -86.8104 },
  { city: 'Little Rock', state: 'AR', latitude: 34.7465, longitude: -92.2896 },
  { city: 'Oklahoma City', state: 'OK', latitude: 35.4676, longitude: -97.5164 },
  { city: 'Sacramento', state: 'CA', latitude: 38.5816, longitude: -121.4944 },
  { city: 'Orlando', state: 'FL', latitude: 28.5383, longitude: -81.3792 },
  { city: 'Buffalo', state: 'NY', latitude: 42.8864, longitude: -78.8784 },
  { city: 'Madison', state: 'WI', latitude: 43.0731, longitude: -89.4012 },
  { city: 'Wilmington', state: 'DE', latitude: 39.7391, longitude: -75.5398 },
  { city: 'Anchorage', state: 'AK', latitude: 61.2181, longitude: -149.9003 },
  { city: 'Honolulu', state: 'HI', latitude: 21.3069, longitude: -157.8583 },
  { city: 'Portland', state: 'ME', latitude: 43.6591, longitude: -70.2568 },
];

/** Made-up syllables; a name root is an onset, sometimes a middle, and an ending. */
export const NAME_ONSETS: readonly string[] = [
  'Bral',
  'Brin',
  'Cal',
  'Cor',
  'Dav',
  'Dren',
  'Elv',
  'Esk',
  'Fal',
  'Fen',
  'Gal',
  'Grel',
  'Hal',
  'Hav',
  'Isk',
  'Ith',
  'Jor',
  'Kel',
  'Kor',
  'Lind',
  'Lum',
  'Mav',
  'Mor',
  'Nev',
  'Orl',
  'Ost',
  'Pel',
  'Pryn',
  'Quin',
  'Ros',
  'Sel',
  'Stav',
  'Tal',
  'Tor',
  'Ulv',
  'Var',
  'Vel',
  'Wen',
  'Wyl',
  'Yor',
  'Zan',
  'Zel',
];

/** Vowel + consonant, so that onset + middle + ending never runs two vowels together. */
export const NAME_MIDDLES: readonly string[] = [
  'an',
  'ar',
  'el',
  'en',
  'in',
  'is',
  'on',
  'or',
  'um',
  'et',
];

export const NAME_ENDINGS: readonly string[] = [
  'avik',
  'enna',
  'ora',
  'ander',
  'ello',
  'uvia',
  'arro',
  'issa',
  'omer',
  'ivar',
  'undra',
  'alis',
  'ethra',
  'oven',
  'indle',
  'asta',
  'urne',
  'evar',
  'ossa',
  'amere',
];

export const BRAND_WORDS: readonly string[] = [
  'Select',
  'Go',
  'Plus',
  'Express',
  'Home',
  'Pro',
  'One',
  'Everyday',
  'Basics',
  'Direct',
  'Reserve',
  'Fresh',
  'Max',
  'Lite',
  'Kids',
  'Outdoor',
  'Signature',
  'Essentials',
];

export const SUBSIDIARY_WORDS: readonly string[] = [
  'Holdings',
  'Logistics',
  'Capital',
  'Services',
  'Digital',
  'International',
  'Realty',
  'Labs',
  'Supply',
  'Finance',
  'Ventures',
  'Distribution',
];

export const SUBSIDIARY_SUFFIXES: readonly string[] = ['LLC', 'Inc.', 'LP', 'Corp.'];

/** Invented publishers of detail data, per table. URLs are always under https://example.org/. */
export const DETAIL_PUBLISHERS: Readonly<Record<DetailTableName, readonly string[]>> = {
  companies_taxes: ['Civic Ledger Institute', 'Open Filings Review'],
  companies_us_taxes: ['Civic Ledger Institute', 'Tidewell Policy Lab'],
  companies_price_inflations: ['Harrowgate Price Watch', 'Open Filings Review'],
  companies_repurchases: ['Quillmark Accountability Project', 'Open Filings Review'],
  companies_climates: ['Copperfen Emissions Registry', 'Lanternfield Research'],
  companies_diversities: ['Wrenfield Workplace Survey', 'Lanternfield Research'],
  companies_income_inequalities: ['Wrenfield Workplace Survey', 'Quillmark Accountability Project'],
  companies_lobbyings: ['Ambermoor Lobbying Tracker', 'Tidewell Policy Lab'],
};

export const REPORT_PUBLISHERS: readonly string[] = [
  'Civic Ledger Institute',
  'Lanternfield Research',
  'Tidewell Policy Lab',
  'Quillmark Accountability Project',
  'Fernmoor Consumer Desk',
];
