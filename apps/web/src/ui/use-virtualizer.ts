import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  Virtualizer,
  type PartialKeys,
  type VirtualizerOptions,
} from '@tanstack/virtual-core';
import { useLayoutEffect, useReducer, useState } from 'preact/hooks';

/**
 * TanStack Virtual's virtualizer for a Preact component, the way its React adapter binds it: one
 * virtualizer for the component's life, given the component's options at every render, and the
 * component rendered again whenever the range of items to draw (or the scrolling) changes. The
 * scroll element is an element of the component's own (a scrolling list), never the window.
 */
export function useVirtualizer<TScroll extends Element, TItem extends Element>(
  options: PartialKeys<
    VirtualizerOptions<TScroll, TItem>,
    'observeElementRect' | 'observeElementOffset' | 'scrollToFn'
  >,
): Virtualizer<TScroll, TItem> {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const resolved: VirtualizerOptions<TScroll, TItem> = {
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    ...options,
    onChange: (instance, sync) => {
      rerender(undefined);
      options.onChange?.(instance, sync);
    },
  };
  const [instance] = useState(() => new Virtualizer<TScroll, TItem>(resolved));
  instance.setOptions(resolved);
  useLayoutEffect(() => instance._didMount(), [instance]);
  useLayoutEffect(() => {
    instance._willUpdate();
  });
  return instance;
}
