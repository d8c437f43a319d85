/** Spec §2: the company part of a company page URL is its name, lowercase, spaces as hyphens. */
export function companySlug(companyName: string): string {
  return companyName.trim().toLowerCase().replace(/\s+/g, '-');
}
