import { useEffect, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import type { SearchApp } from '@upright/contracts';
import { useSearchParams } from 'react-router-dom';
import { RADIO_MODES, SEARCH_MODES } from './modes';
import { readSearchState, type SearchUrlState } from './url-state';

type ReactiveSearchBoxType = typeof import('./ReactiveSearchBox').default;

// docs/product/rules.md#s9: ReactiveSearch is ≈200 KB gzipped; it loads when the visitor reaches
// for search, once per page load.
let reactiveSearchBox: Promise<ReactiveSearchBoxType> | null = null;
function loadReactiveSearchBox(): Promise<ReactiveSearchBoxType> {
  reactiveSearchBox ??= import('./ReactiveSearchBox').then(
    (module) => module.default,
    (error: unknown) => {
      // A chunk that did not arrive (offline a moment): the next reach for search asks again.
      reactiveSearchBox = null;
      throw error;
    },
  );
  return reactiveSearchBox;
}

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
  const [ReactiveSearchBox, setReactiveSearchBox] = useState<ReactiveSearchBoxType | null>(null);
  const [focused, setFocused] = useState(false);
  const [restored, setRestored] = useState<SearchUrlState | null>(null);
  const [params] = useSearchParams();
  const inputId = useId();
  // The plain field stays, focused and taking keys, until ReactiveSearch's chunk is in; then the
  // box replaces it in one synchronous render. Never in a transition or a Suspense retry: React
  // may render those and throw the render away, and ReactiveSearch's components send their first
  // queries from constructors into one request queue shared by every ReactiveBase of the page
  // (@appbaseio/reactivecore's `requestStack`), so a discarded ReactiveBase sent the panel's
  // queries and took their answers, and the panel that stayed showed nothing for good.
  const activate = (arrival?: SearchUrlState) => {
    if (ReactiveSearchBox !== null) return;
    loadReactiveSearchBox().then(
      (component) =>
        flushSync(() => {
          // Again here: a synchronous render leaves out updates still waiting at a lower priority.
          if (arrival) restore(arrival);
          setReactiveSearchBox(() => component);
        }),
      // The plain field stays; the next focus or key asks again.
      () => undefined,
    );
  };
  const restore = (state: SearchUrlState) => {
    setRestored(state);
    setMode(state.mode);
    setTyped(state.text);
  };
  // A results panel kept in the URL (a reload, a shared link) opens again once the app runs:
  // after hydration, so the server's page and the first client render stay the same.
  useEffect(() => {
    const state = readSearchState(params, fixedMode ? [fixedMode] : RADIO_MODES);
    if (!state) return;
    restore(state);
    activate(state);
    // On arrival only: later changes of the URL are the box's own writing.
  }, []);
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
      {ReactiveSearchBox ? (
        <ReactiveSearchBox
          key={mode}
          mode={mode}
          initialValue={typed}
          autoFocus={restored === null && (focused || typed !== '')}
          restored={restored?.mode === mode ? restored : null}
        />
      ) : (
        <PlainSearchInput
          mode={mode}
          value={typed}
          onChange={setTyped}
          onActivate={() => activate()}
          onFocusChange={setFocused}
          inputId={inputId}
        />
      )}
    </div>
  );
}
