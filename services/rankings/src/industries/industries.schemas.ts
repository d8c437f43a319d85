/** The industries messages' payloads. */
import { slugSchema } from '@upright/platform';
import { z } from 'zod';

export const industryRequestSchema = z.object({ industry: slugSchema });
