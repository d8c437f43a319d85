/** The reset messages' payloads: the BFF's bodies without what the BFF itself checked. */
import { idempotencyKeyShape, linkHashSchema, resetBodySchema } from '@upright/contracts';
import { z } from 'zod';

export const requestMessage = resetBodySchema
  .omit({ altcha: true })
  .extend({ ...idempotencyKeyShape });

export const validateMessage = z.object({ hash: linkHashSchema });
