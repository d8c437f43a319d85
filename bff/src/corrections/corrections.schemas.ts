import {
  CORRECTION_PAGE_MAX,
  CORRECTION_PAGE_SIZE_DEFAULT,
  CORRECTION_PAGE_SIZE_MAX,
} from '@upright/contracts';
import { z } from 'zod';
import { wholeNumberParam } from '../shared/route-params';

/** `/api/admin/corrections/{id}/…`: the request's number (its reference without "C-"). */
export const correctionIdParams = z.object({ id: wholeNumberParam(1, 2_147_483_647) });

/** `?page=&size=` of the public ledger and the admins' queue: page 1 of 20 when left out. */
export const correctionsPageQuery = z.object({
  page: wholeNumberParam(1, CORRECTION_PAGE_MAX).default(1),
  size: wholeNumberParam(1, CORRECTION_PAGE_SIZE_MAX).default(CORRECTION_PAGE_SIZE_DEFAULT),
});
export type CorrectionsPageQuery = z.output<typeof correctionsPageQuery>;
