/** The reset messages' payloads: the BFF's bodies without what the BFF itself checked. */
import { linkHashSchema, resetBodySchema } from '@upright/contracts';
import { z } from 'zod';

export const requestMessage = resetBodySchema.omit({ altcha: true });

export const validateMessage = z.object({ hash: linkHashSchema });
