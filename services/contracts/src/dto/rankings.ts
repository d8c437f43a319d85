/** One row of `GET /api/active` (spec §3: active industries are objects with `industry`). */
export interface ActiveIndustry {
  industry: string;
  industry_text: string;
}

export type ActiveIndustriesResponse = ActiveIndustry[];
