/** What the generators share: the deterministic random source and the names, places and words both draw from. */

export const GIVEN_F: readonly string[] = [
  'Mary',
  'Anna',
  'Elizabeth',
  'Margaret',
  'Sarah',
  'Catherine',
  'Jane',
  'Marie',
  'Johanna',
  'Maria',
  'Émilie',
  'Ingrid',
  'Zoë',
  'Agnieszka',
  'Françoise',
  'Ruth',
  'Helena',
  'Ågot',
  'Brigid',
  'Rosa',
];

export const PLACES: readonly string[] = [
  'Boston, Suffolk, Massachusetts, USA',
  'London, Middlesex, England',
  'Paris, Île-de-France, France',
  'Kraków, Małopolskie, Poland',
  'Hamburg, Hamburg, Germany',
  'Cork, County Cork, Ireland',
  'Göteborg, Västra Götaland, Sweden',
  'Quebec City, Quebec, Canada',
  'Sevilla, Andalucía, Spain',
  'Napoli, Campania, Italy',
];

export const OCCUPATIONS: readonly string[] = ['Farmer', 'Blacksmith', 'Weaver', 'Teacher', 'Merchant', 'Carpenter', 'Miner', 'Clerk', 'Sailor', 'Seamstress'];

export const MONTHS: readonly string[] = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** mulberry32: small, fast, deterministic. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
