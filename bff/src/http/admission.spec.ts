import { Admission } from './admission';

describe('Admission', () => {
  it('admits up to the cap, sheds beyond it, and admits again once work is released', () => {
    const admission = new Admission({ fresh: 2, render: 1 });
    const first = admission.enter('fresh');
    const second = admission.enter('fresh');
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(admission.enter('fresh')).toBeNull();
    expect(admission.shed.fresh).toBe(1);
    expect(admission.inFlight('fresh')).toBe(2);
    first!();
    first!();
    expect(admission.inFlight('fresh')).toBe(1);
    expect(admission.enter('fresh')).not.toBeNull();
    expect(admission.admitted).toEqual({ fresh: 3, render: 0 });
  });

  it('keeps each lane to its own cap', () => {
    const admission = new Admission({ fresh: 5, render: 1 });
    expect(admission.enter('render')).not.toBeNull();
    expect(admission.enter('render')).toBeNull();
    expect(admission.enter('fresh')).not.toBeNull();
    expect(admission.shed).toEqual({ fresh: 0, render: 1 });
  });
});
