// The CRM's antd styles as one stylesheet made at build time (docs/performance.md, first load and
// sorting). At run time antd then renders with `zeroRuntime` (App.tsx): no style objects built,
// hashed, serialised and inserted into <style> tags while the first screen or a sorted table
// renders, which was about a third of the main thread's work on a first load. This is antd's own
// static extraction (createCache, StyleProvider, extractStyle of @ant-design/cssinjs, as
// @ant-design/static-style-extract does for the whole library), limited to the components the CRM
// renders.
//
// Only the style rules are taken, never the design-token variables: those stay with the runtime,
// which sets them from the theme in use (crmTheme, or crmPhoneTheme with its 16 px fields), so one
// stylesheet serves both themes. Node runs this (the Vite config), hence createElement, not JSX.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import type { ThemeConfig } from 'antd';
import { type ComponentType, createElement as h, Fragment, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Plugin } from 'vite';
import { crmTheme } from '../src/ui/theme.ts';

type AnyComponent = ComponentType<Record<string, unknown>>;
type Library = Record<string, AnyComponent & Record<string, AnyComponent | undefined>>;
const library = antd as unknown as Library;
const component = (name: string) => {
  const found = library[name];
  if (!found) throw new Error(`antd has no ${name}`);
  return found;
};
const part = (name: string, key: string): AnyComponent => {
  const found = component(name)[key];
  if (!found) throw new Error(`antd has no ${name}.${key}`);
  return found;
};
/** antd's own static render of a layer that is otherwise only drawn when open (as static-style-extract uses). */
const panelOf = (name: string) => part(name, '_InternalPanelDoNotUseOrYouWillBeFired');

/**
 * Every antd component the CRM uses, directly or inside another one (Spin and Tooltip in a Table,
 * Popover under Popconfirm, Skeleton in Card), each rendered with the parts the CRM uses. A component
 * registers all of its rules when any instance renders, so one instance each is enough.
 * build/antd-static-styles.test.ts fails when the CRM imports an antd component missing here.
 */
const RENDERS: Record<string, () => ReactNode> = {
  Alert: () => h(component('Alert'), { title: 'a', type: 'error', showIcon: true }),
  App: () => h(component('App'), null),
  Badge: () => h(Fragment, null, h(component('Badge'), { count: 1 }), h(component('Badge'), { status: 'success' })),
  Button: () => h(component('Button'), null, 'a'),
  Card: () => h(component('Card'), { title: 'a' }, 'a'),
  Checkbox: () => h(part('Checkbox', 'Group'), { options: ['a'] }),
  DatePicker: () =>
    h(
      Fragment,
      null,
      h(component('DatePicker'), null),
      h(part('DatePicker', 'RangePicker'), null),
      h(panelOf('DatePicker')),
    ),
  Descriptions: () => h(component('Descriptions'), { items: [{ key: 'a', label: 'a', children: 'a' }] }),
  Divider: () => h(component('Divider'), null),
  Drawer: () => h(component('Drawer'), null),
  Dropdown: () => h(panelOf('Dropdown'), { menu: { items: [{ key: 'a', label: 'a' }] } }),
  Empty: () => h(component('Empty'), null),
  Form: () =>
    h(
      component('Form'),
      null,
      h(part('Form', 'Item'), { label: 'a', help: 'a', validateStatus: 'error' }, h(component('Input'), null)),
    ),
  Grid: () => h(component('Row'), null, h(component('Col'), { span: 12 })),
  Input: () =>
    h(
      Fragment,
      null,
      h(component('Input'), { allowClear: true }),
      h(part('Input', 'Password'), null),
      h(part('Input', 'TextArea'), { showCount: true }),
      h(part('Input', 'Search'), null),
    ),
  InputNumber: () => h(component('InputNumber'), null),
  Layout: () =>
    h(
      component('Layout'),
      null,
      h(part('Layout', 'Sider'), null, 'a'),
      h(part('Layout', 'Header'), null, 'a'),
      h(part('Layout', 'Content'), null, 'a'),
    ),
  Menu: () => h(component('Menu'), { items: [{ key: 'a', label: 'a' }] }),
  Modal: () =>
    h(Fragment, null, h(component('Modal'), null), h(panelOf('Modal')), h(panelOf('Modal'), { type: 'confirm' })),
  Pagination: () => h(component('Pagination'), { total: 100, showSizeChanger: true }),
  Popconfirm: () => h(panelOf('Popconfirm'), { title: 'a' }),
  Popover: () => h(panelOf('Popover'), { content: 'a' }),
  Progress: () => h(component('Progress'), { percent: 50 }),
  Radio: () => h(part('Radio', 'Group'), { options: ['a'], optionType: 'button' }),
  Result: () => h(component('Result'), { status: 'error', title: 'a' }),
  Segmented: () => h(component('Segmented'), { options: ['a'] }),
  Select: () => h(Fragment, null, h(component('Select'), null), h(panelOf('Select'))),
  Skeleton: () => h(Fragment, null, h(component('Skeleton'), { avatar: true }), h(part('Skeleton', 'Button'), null)),
  Space: () =>
    h(Fragment, null, h(component('Space'), null), h(part('Space', 'Compact'), null, h(component('Button'), null))),
  Spin: () => h(component('Spin'), null),
  Statistic: () => h(component('Statistic'), { value: 1 }),
  Switch: () => h(component('Switch'), null),
  Table: () =>
    h(component('Table'), {
      columns: [{ key: 'a', title: 'a', sorter: true }],
      dataSource: [{ key: 'a' }],
      rowSelection: {},
    }),
  Tabs: () => h(component('Tabs'), { items: [{ key: 'a', label: 'a', children: 'a' }] }),
  Tag: () => h(component('Tag'), { color: 'blue' }, 'a'),
  Timeline: () => h(component('Timeline'), { items: [{ content: 'a' }] }),
  Tooltip: () => h(panelOf('Tooltip'), { title: 'a' }),
  Typography: () =>
    h(
      Fragment,
      null,
      h(part('Typography', 'Title'), null, 'a'),
      h(part('Typography', 'Text'), null, 'a'),
      h(part('Typography', 'Paragraph'), null, 'a'),
      h(part('Typography', 'Link'), null, 'a'),
    ),
  notification: () => h(panelOf('notification'), { title: 'a' }),
};

/** The antd components this stylesheet covers (the names the CRM imports from 'antd'). */
export const STYLED_ANTD_COMPONENTS: readonly string[] = Object.keys(RENDERS);

/** The style rules of every component in RENDERS under `theme`, as plain CSS. */
export function renderAntdStyles(theme: ThemeConfig): string {
  const cache = createCache();
  const nodes = Object.entries(RENDERS).map(([name, render]) => h(Fragment, { key: name }, render()));
  // Unhashed selectors (.ant-btn, as antd/dist/antd.css): the stylesheet matches whatever hash the
  // running app uses.
  const root = h(component('ConfigProvider'), { theme: { ...theme, hashed: false, zeroRuntime: false } }, ...nodes);
  renderToString(h(StyleProvider, { cache }, root));
  return extractStyle(cache, { plain: true, types: 'style' });
}

export const ANTD_STYLES_MODULE = 'virtual:antd-styles.css';

/**
 * Serves `import 'virtual:antd-styles.css'` (App.tsx) with the stylesheet, made once per build. Every
 * build of the CRM needs it: this package's and the desktop app's renderer. The wide and the phone
 * theme give the same rules (build/antd-static-styles.test.ts), so the wide one is used.
 */
export function antdStaticStyles(theme: ThemeConfig = crmTheme): Plugin {
  let css: string | undefined;
  return {
    name: 'shine-antd-static-styles',
    resolveId: (id) => (id === ANTD_STYLES_MODULE ? ANTD_STYLES_MODULE : null),
    load(id) {
      if (id !== ANTD_STYLES_MODULE) return null;
      css ??= renderAntdStyles(theme);
      return css;
    },
  };
}
