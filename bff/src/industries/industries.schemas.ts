/** The request schemas of the industries routes (params, queries, bodies). */
import { z } from 'zod';
import { slugParam } from '../shared/route-params';

export const industryParams = z.object({ industry: slugParam });
