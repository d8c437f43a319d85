/** Paths of the share images (docs/product/rules.md#s13), made on the server from the data. */
export const shareImagePath = {
  report: (reportId: number): string => `/share/reports/${reportId}.png`,
  industry: (industry: string): string => `/share/industries/${encodeURIComponent(industry)}.png`,
  company: (industry: string, slug: string): string =>
    `/share/companies/${encodeURIComponent(industry)}/${encodeURIComponent(slug)}.png`,
};
