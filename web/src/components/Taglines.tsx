/** docs/product/spec.md#s1: the two taglines of the home and reports pages. */
export const TAGLINES = [
  'Tailor company rankings by what you care most about with a free account.',
  'Compare competing companies on climate, inequity, corruption, and more...',
] as const;

export function Taglines() {
  return (
    <div className="taglines">
      <p className="tagline-main">{TAGLINES[0]}</p>
      <p className="tagline-sub">{TAGLINES[1]}</p>
    </div>
  );
}
