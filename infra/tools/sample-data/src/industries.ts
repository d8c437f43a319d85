/** Industry rows of a generated set, and how many companies each one gets. */
import type { DataSet } from '@upright/contracts';
import { INDUSTRY_TEMPLATES, type IndustryTemplate } from './catalog';
import { pick, rngFor, type Random } from './prng';

export function industryTemplates(count: number): IndustryTemplate[] {
  return Array.from({ length: count }, (_, index) => {
    const base = INDUSTRY_TEMPLATES[index % INDUSTRY_TEMPLATES.length];
    const group = Math.floor(index / INDUSTRY_TEMPLATES.length);
    if (group === 0) return base;
    return {
      ...base,
      slug: `${base.slug}-group-${group + 1}`,
      text: `${base.text} (Group ${group + 1})`,
    };
  });
}

export function industryRow(
  template: IndustryTemplate,
  index: number,
  count: number,
  seed: number,
): DataSet.IndustryRow {
  const random = rngFor(seed, 'industry', index);
  return {
    industry: template.slug,
    industry_text: template.text,
    industry_alts: template.alts,
    definition: template.definition,
    industry_values: template.values,
    limit: pick(random, [10, 15, 20, 25]),
    // One industry of a larger set is being prepared and not shown yet.
    active: !(count >= 5 && index === count - 1),
  };
}

/** At least 5 companies per industry where possible, the rest spread very unevenly. */
export function industrySizes(companies: number, industries: number, random: Random): number[] {
  const base = Math.min(5, Math.floor(companies / industries));
  const weights = Array.from({ length: industries }, () => 0.02 + 2.98 * random() ** 2);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const rest = companies - base * industries;
  const shares = weights.map((weight) => (rest * weight) / total);
  const sizes = shares.map((share) => base + Math.floor(share));
  let missing = companies - sizes.reduce((sum, size) => sum + size, 0);
  const byFraction = shares
    .map((share, index) => ({ index, fraction: share - Math.floor(share) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (let i = 0; missing > 0; i = (i + 1) % industries, missing--) sizes[byFraction[i].index]++;
  return sizes;
}
