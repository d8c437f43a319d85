/** The sessions messages' payloads. */
import { z } from 'zod';

export const tokenMessage = z.object({ token: z.string('must be a token').min(1).max(200) });
