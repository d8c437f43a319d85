import type { DistanceUnit } from '@upright/contracts';

/** Metres per docs/product/spec.md#s9 distance unit (NM: the nautical mile). */
export const METRES_PER_UNIT: Readonly<Record<DistanceUnit, number>> = {
  mi: 1609.344,
  yd: 0.9144,
  ft: 0.3048,
  in: 0.0254,
  km: 1000,
  m: 1,
  cm: 0.01,
  mm: 0.001,
  NM: 1852,
};

/** OpenSearch's spelling of each unit in a distance string. */
export const OPENSEARCH_UNIT: Readonly<Record<DistanceUnit, string>> = {
  mi: 'mi',
  yd: 'yd',
  ft: 'ft',
  in: 'in',
  km: 'km',
  m: 'm',
  cm: 'cm',
  mm: 'mm',
  NM: 'nmi',
};

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle (haversine) distance in metres, as OpenSearch's `arc` distance. */
export function distanceMetres(
  a: { lat: number; lon: number },
  b: { lat: number; lon: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
