import type { ReactNode } from 'react';

/** A peer figure beside the company's own: "Industry median 42%", "Best 12% (Acme)". */
export interface PeerFigure {
  label: string;
  value: string;
}

/**
 * One figure as a card: what it measures, the value large, the peers it should be read against
 * (industry median, best of the period), then its source or a note in words ("no figure
 * published"). `children` take anything further (a correction link).
 */
export function FigureCard({
  label,
  value,
  peers = [],
  source,
  note,
  children,
}: {
  label: ReactNode;
  value: ReactNode;
  peers?: readonly PeerFigure[];
  source?: ReactNode;
  note?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="figure-card" data-testid="figure-card">
      <div className="figure-card-label">{label}</div>
      <div className="figure-card-value">{value}</div>
      {peers.length > 0 && (
        <dl className="figure-card-peers">
          {peers.map((peer) => (
            <div key={peer.label}>
              <dt>{peer.label}</dt>
              <dd>{peer.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {note && <p className="figure-card-note">{note}</p>}
      {source && <p className="figure-card-source">{source}</p>}
      {children}
    </div>
  );
}
