import type { ReactNode } from 'react';

/** The page a finished account step leaves behind: its heading and the announced outcome. */
export function Outcome({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="narrow">
      <h1>{title}</h1>
      <p role="status">{children}</p>
    </div>
  );
}
