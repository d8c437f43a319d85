export const reportsPatterns = {} as const;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the reports service gains calls
export interface ReportsRequestMap {}
