import { useSession } from '../state/session';

/** docs/product/spec.md#s1: the two taglines of the home and reports pages. */
export const TAGLINES = [
  'Tailor company rankings by what you care most about with a free account.',
  'Compare competing companies on climate, inequity, corruption, and more...',
] as const;

/** What a member reads instead of the invitation to make the account they already have. */
export const MEMBER_TAGLINE = 'Every ranking here is tailored by the priorities you set.';

export function Taglines() {
  const { status } = useSession();
  return (
    <div className="taglines">
      <p className="tagline-main">{status === 'member' ? MEMBER_TAGLINE : TAGLINES[0]}</p>
      <p className="tagline-sub">{TAGLINES[1]}</p>
    </div>
  );
}
