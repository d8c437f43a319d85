/** @appbaseio/reactivecore ships no types; these are the builder functions the tests call. */
declare module '@appbaseio/reactivecore/lib/utils/transform' {
  export function getRSQuery(componentId: string, props: unknown, execute?: boolean): unknown;
  export function extractPropsFromState(
    store: unknown,
    component: string,
    customOptions?: unknown,
  ): unknown;
  export function getDependentQueries(
    store: unknown,
    componentId: string,
    orderOfQueries?: string[],
  ): Record<string, unknown>;
}
