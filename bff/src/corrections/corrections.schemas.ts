import { z } from 'zod';
import { wholeNumberParam } from '../http/route-params';

/** `/api/admin/corrections/{id}/…`: the request's number (its reference without "C-"). */
export const correctionIdParams = z.object({ id: wholeNumberParam(1, 2_147_483_647) });
