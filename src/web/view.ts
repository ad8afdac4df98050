/**
 * How pages are written: Preact components as `htm` tagged templates (no
 * build step, no JSX compiler), rendered to a string on the server by
 * preact-render-to-string. Every interpolated value is escaped unless a
 * component says otherwise (`dangerouslySetInnerHTML`, which no page uses
 * for anything but HTML we wrote ourselves).
 */
import { html } from 'htm/preact';
import type { ComponentChildren, VNode } from 'preact';
import { render } from 'preact-render-to-string';

export type { ComponentChildren, VNode };
export { html };

/** The markup of a tree of components. */
export function renderMarkup(tree: ComponentChildren): string {
  return render(tree as VNode);
}
