/**
 * The version of the ranking rules (docs/product/rules.md#s5) that open data and the methodology
 * page name. Move it whenever a rule changes what a rank is, so a downloaded file says which rules
 * made it.
 */
export const METHODOLOGY_VERSION = '1.0';

/** The licence line every open-data download carries (docs/product/rules.md#s12). */
export const OPEN_DATA_LICENCE =
  'Upright open data, licensed under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/): share and adapt with attribution to Upright.';
