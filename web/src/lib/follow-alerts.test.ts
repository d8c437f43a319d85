import type { FollowsResponse } from '@upright/contracts';
import { describe, expect, it } from 'vitest';
import { followStateOf } from './follow-alerts';

const answer = (cids: string[], alerts_need_verification: boolean): FollowsResponse => ({
  follows: cids.map((upright_cid) => ({
    upright_cid,
    company_name: upright_cid,
    industry: 'tools',
    slug: upright_cid,
    since: '2026-01-01T00:00:00.000Z',
  })),
  alerts: true,
  alerts_need_verification,
});

describe('followStateOf', () => {
  it('says a followed company waits for verification only while the email is unverified', () => {
    expect(followStateOf(answer(['a'], true), 'a')).toEqual({
      following: true,
      waitsForVerification: true,
    });
    expect(followStateOf(answer(['a'], false), 'a')).toEqual({
      following: true,
      waitsForVerification: false,
    });
  });

  it('says nothing about verification for a company not followed', () => {
    expect(followStateOf(answer(['b'], true), 'a')).toEqual({
      following: false,
      waitsForVerification: false,
    });
  });
});
