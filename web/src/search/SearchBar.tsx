import { lazy, startTransition, Suspense, useEffect, useId, useState } from 'react';
import type { SearchApp } from '@upright/contracts';
import { useSearchParams } from 'react-router-dom';
import { RADIO_MODES, SEARCH_MODES } from './modes';
import { readSearchState, type SearchUrlState } from './url-state';

// docs/product/rules.md#s9: ReactiveSearch is ≈200 KB gzipped; it loads when the visitor reaches
// for search.
const ReactiveSearchBox = lazy(() => import('./ReactiveSearchBox'));

function PlainSearchInput({
  mode,
  value,
  onChange,
  onActivate,
  onFocusChange,
  inputId,
}: {
  mode: SearchApp;
  value: string;
  onChange(value: string): void;
  onActivate(): void;
  /** The box takes the focus over when the plain field had it. */
  onFocusChange(focused: boolean): void;
  inputId: string;
}) {
  return (
    <div className="search-input-wrap">
      <label htmlFor={inputId} className="visually-hidden">
        Search {SEARCH_MODES[mode].label.toLowerCase()}
      </label>
      <input
        id={inputId}
        className="search-input"
        type="search"
        autoComplete="off"
        placeholder={SEARCH_MODES[mode].placeholder}
        value={value}
        onFocus={() => {
          onFocusChange(true);
          onActivate();
        }}
        onBlur={() => onFocusChange(false)}
        onPointerEnter={onActivate}
        onChange={(event) => {
          onChange(event.target.value);
          onActivate();
        }}
      />
    </div>
  );
}

/**
 * docs/product/spec.md#s2 search bar: Companies / Industries radio (or a fixed mode) above the
 * search box.
 */
export function SearchBar({ fixedMode }: { fixedMode?: SearchApp }) {
  const [mode, setMode] = useState<SearchApp>(fixedMode ?? 'companies');
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(false);
  const [focused, setFocused] = useState(false);
  const [restored, setRestored] = useState<SearchUrlState | null>(null);
  const [params] = useSearchParams();
  const inputId = useId();
  // A results panel kept in the URL (a reload, a shared link) opens again once the app runs:
  // after hydration, so the server's page and the first client render stay the same.
  useEffect(() => {
    const state = readSearchState(params, fixedMode ? [fixedMode] : RADIO_MODES);
    if (!state) return;
    setRestored(state);
    setMode(state.mode);
    setTyped(state.text);
    startTransition(() => setActive(true));
    // On arrival only: later changes of the URL are the box's own writing.
  }, []);
  // A transition under a boundary already on screen: the plain field stays, focused and taking
  // keys, until ReactiveSearch's chunk is in (a fallback would be a new, unfocused field, and
  // what was typed meanwhile would be lost).
  const activate = () => {
    if (!active) startTransition(() => setActive(true));
  };
  const plain = (
    <PlainSearchInput
      mode={mode}
      value={typed}
      onChange={setTyped}
      onActivate={activate}
      onFocusChange={setFocused}
      inputId={inputId}
    />
  );
  return (
    <div className="search-bar" role="search" aria-label={`Search ${SEARCH_MODES[mode].label}`}>
      {!fixedMode && (
        <fieldset className="search-modes">
          <legend className="visually-hidden">Search in</legend>
          {RADIO_MODES.map((option) => (
            <label key={option} className="search-mode">
              <input
                type="radio"
                name={`search-mode-${inputId}`}
                value={option}
                checked={mode === option}
                onChange={() => {
                  setMode(option);
                  setTyped('');
                }}
              />
              {SEARCH_MODES[option].label}
            </label>
          ))}
        </fieldset>
      )}
      <Suspense fallback={plain}>
        {active ? (
          <ReactiveSearchBox
            key={mode}
            mode={mode}
            initialValue={typed}
            autoFocus={restored === null && (focused || typed !== '')}
            restored={restored?.mode === mode ? restored : null}
          />
        ) : (
          plain
        )}
      </Suspense>
    </div>
  );
}
